import { Link, useLocation } from 'react-router';
import { Card } from '../components/card';

/**
 * A member route that does not exist: said inside the member layout (menu and header stay), with a way
 * back to the dashboard. Signed-out visitors never see it: unknown public paths go to the home page
 * (spec 1 §2 "any other path").
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-navy-900">Page not found</h1>
      <Card>
        <p className="text-slate-700">
          There is no page at <span className="break-all font-mono text-sm text-navy-900">{pathname}</span>. The link
          may be out of date, or the address mistyped.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to="/cryptocurrency"
            className="inline-flex rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Back to Dashboard
          </Link>
          <Link
            to="/settings"
            className="inline-flex rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Account Info
          </Link>
        </div>
      </Card>
    </div>
  );
}
