import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';
import { useLocation } from 'react-router';

/**
 * A member route that does not exist: said inside the member layout (menu and header stay), with a way
 * back to the dashboard. Signed-out visitors never see it: unknown public paths go to the home page
 * (spec 1 §2 "any other path").
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">Page not found</h1>
      <Card>
        <p className="text-ink-muted">
          There is no page at <span className="break-all font-mono text-sm text-ink">{pathname}</span>. The link may be
          out of date, or the address mistyped.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to="/cryptocurrency">Back to Dashboard</ButtonLink>
          <ButtonLink to="/settings" variant="secondary">
            Account Info
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
