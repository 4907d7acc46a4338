import { Button, ButtonLink, Spinner } from '@vault/ui/button';
import { Card } from '@vault/ui/card';
import { ErrorBoundary } from '@vault/ui/error-boundary';
import { type ReactNode, Suspense } from 'react';

/**
 * The screen of a layout's outlet, caught if it fails to render: the header and menu stay, the screen
 * says what happened and offers a reload (a newer app version, a network that came back) or a way out.
 * Any navigation clears it. Screens downloaded on first use show `loading` meanwhile.
 */
export function ScreenBoundary({
  locationKey,
  home,
  loading,
  children,
}: {
  /** React Router's key of the location: any navigation, even to the same path, clears the failure. */
  locationKey: string;
  home: { to: string; label: string };
  loading: ReactNode;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary resetKey={locationKey} fallback={<ScreenError home={home} />}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * "Loading…" with a spinner while a screen downloads. `fill`: a screen high, centred, so nothing below
 * (the public footer) shows and then moves when the page arrives.
 */
export function ScreenLoading({ fill = false }: { fill?: boolean }) {
  return (
    <p
      role="status"
      className={`flex items-center gap-2 text-sm text-ink-muted ${fill ? 'min-h-dvh justify-center' : 'py-10'}`}
    >
      <Spinner /> Loading…
    </p>
  );
}

function ScreenError({ home }: { home: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Card>
        <div role="alert">
          <h1 className="text-xl font-semibold text-ink">Something went wrong</h1>
          <p className="mt-2 text-sm text-ink-muted">
            This screen could not be shown. Reload the page to try again, or go back and carry on from there.
          </p>
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <ButtonLink to={home.to} variant="secondary">
            {home.label}
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
