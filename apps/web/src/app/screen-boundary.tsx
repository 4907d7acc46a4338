import { Button, ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';
import { ErrorBoundary } from '@vault/ui/error-boundary';
import type { ReactNode } from 'react';

/**
 * The screen of a layout's outlet, caught if it fails to render: the header and menu stay, the screen
 * says what happened and offers a reload (a newer app version, a network that came back) or a way out.
 * Any navigation clears it.
 */
export function ScreenBoundary({
  locationKey,
  home,
  children,
}: {
  /** React Router's key of the location: any navigation, even to the same path, clears the failure. */
  locationKey: string;
  home: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <ErrorBoundary resetKey={locationKey} fallback={<ScreenError home={home} />}>
      {children}
    </ErrorBoundary>
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
