import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../components/card';
import { ErrorBoundary } from '../components/error-boundary';

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
          <h1 className="text-xl font-semibold text-navy-900">Something went wrong</h1>
          <p className="mt-2 text-sm text-slate-600">
            This screen could not be shown. Reload the page to try again, or go back and carry on from there.
          </p>
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Reload the page
          </button>
          <Link
            to={home.to}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {home.label}
          </Link>
        </div>
      </Card>
    </div>
  );
}
