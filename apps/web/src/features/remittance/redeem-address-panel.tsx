import { EmptyState } from '@vault/ui/empty-state';

/** Direct Wire Redeem Address: its screens come with redemption (issue 14); until then it says so. */
export function RedeemAddressPanel() {
  return (
    <section aria-labelledby="redeem-address-heading" className="space-y-2">
      <h2 id="redeem-address-heading" className="text-lg font-semibold text-ink">
        Direct Wire Redeem Address
      </h2>
      <EmptyState icon="box">
        The bank accounts you redeem to by direct wire are kept here. Redeem addresses arrive with redemption, in an
        upcoming release: there is nothing to add yet.
      </EmptyState>
    </section>
  );
}
