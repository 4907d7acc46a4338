import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type TabItem, Tabs } from '../../components/tabs';
import { AgreementPanel } from './agreement-panel';
import { ExchangePanel } from './exchange-panel';

const TABS = [
  { key: 'agreement', label: 'Remittance Agreement' },
  { key: 'exchange', label: 'Direct Wire Exchange' },
  { key: 'redeem', label: 'Direct Wire Redeem Address' },
] as const satisfies readonly TabItem<string>[];
export type RemittanceTab = (typeof TABS)[number]['key'];

const isTab = (value: string | null): value is RemittanceTab => TABS.some((tab) => tab.key === value);

/**
 * /remittance, the remittance hub (spec 2 §2): three options as tabs. The open one is in the address
 * (?tab=agreement|exchange|redeem), so /settings and others link straight to it and Back returns to it.
 * Direct Wire Redeem Address is redemption's (features/redemption): app/ hands it in, as features do not import
 * each other.
 */
export function RemittancePage({ redeemPanel }: { redeemPanel: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active: RemittanceTab = isTab(asked) ? asked : 'agreement';
  const select = (key: RemittanceTab) =>
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Remittance</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Your remittance agreement, the addresses you remit direct wires from, your wire requests, and the bank
          accounts you redeem to.
        </p>
      </div>
      <div className="rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line sm:p-6">
        <Tabs items={TABS} active={active} onSelect={select} label="Remittance options" idPrefix="remittance" bleed>
          {active === 'agreement' ? <AgreementPanel /> : active === 'exchange' ? <ExchangePanel /> : redeemPanel}
        </Tabs>
      </div>
    </div>
  );
}
