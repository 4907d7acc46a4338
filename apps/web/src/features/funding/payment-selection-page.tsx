import { messages } from '@vault/contract/messages';
import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';

/** /payment-selection: shown as coming soon (spec 2 §2). */
export function PaymentSelectionPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">Payment selection</h1>
      <Card>
        <p className="text-lg font-semibold text-ink">{messages.paymentSelectionComingSoon}</p>
        <p className="mt-1 text-sm text-ink-muted">Until then, top up your vault by direct wire.</p>
        <ButtonLink to="/vault-token" className="mt-4">
          Top-Up
        </ButtonLink>
      </Card>
    </div>
  );
}
