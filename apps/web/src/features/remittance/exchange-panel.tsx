import { AddressesSection } from './addresses-section';
import { DirectWiresSection } from './direct-wires-section';

/** Direct Wire Exchange: the member's remittance addresses and direct wire requests (spec 2 §2, §3). */
export function ExchangePanel() {
  return (
    <div className="space-y-10">
      <AddressesSection />
      <DirectWiresSection />
    </div>
  );
}
