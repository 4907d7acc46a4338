import { buttonClass } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { WalletAction } from './wallet-actions-routes';

type Tone = 'light' | 'dark';

const buttonTones: Record<Tone, { first: string; rest: string }> = {
  // On the navy portfolio panel.
  dark: {
    first: buttonClass('primary'),
    rest: buttonClass('onDark'),
  },
  light: {
    first: buttonClass('primary'),
    rest: buttonClass('secondary'),
  },
};

/** A row of wallet action buttons; each navigates where the rules send it, Redeem may ask which rails first. */
export function WalletActions({
  actions,
  label,
  tone = 'light',
  even = false,
}: {
  actions: WalletAction[];
  label: string;
  tone?: Tone;
  /**
   * Equal columns (the dashboard's four buttons) instead of buttons sized to their words: four in a row
   * where the panel spans the page, two by two where it shares the row with the chart (from lg), since a
   * half-width panel beside the side menu is too narrow for 'Withdrawal' and 'Send Request' side by side.
   */
  even?: boolean;
}) {
  const navigate = useNavigate();
  const [redeemCoin, setRedeemCoin] = useState<string | null>(null);
  const classes = buttonTones[tone];

  return (
    <>
      <ul
        aria-label={label}
        className={`grid grid-cols-2 gap-2 ${even ? 'sm:grid-cols-4 lg:grid-cols-2' : 'sm:flex sm:flex-wrap'}`}
      >
        {actions.map((action, i) => (
          <li key={action.label}>
            <button
              type="button"
              onClick={() => {
                const { target } = action;
                if (target.kind === 'redeemChoice') setRedeemCoin(target.coin);
                else navigate(target.to, { state: target.state });
              }}
              className={`w-full px-2! whitespace-nowrap ${even ? '' : 'sm:w-auto sm:min-w-28 sm:px-4!'} ${i === 0 ? classes.first : classes.rest}`}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
      <RedeemChoice coin={redeemCoin} onClose={() => setRedeemCoin(null)} />
    </>
  );
}

/** Non-sdira Redeem: CoinQvest (crypto, bank or fiat rails) or Direct wire to the member's own bank (spec 2 §2). */
function RedeemChoice({ coin, onClose }: { coin: string | null; onClose: () => void }) {
  const navigate = useNavigate();
  const choose = (to: string) => {
    onClose();
    navigate(to, { state: { coin } });
  };
  return (
    <Modal
      open={coin !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Redeem"
      description="How would you like to receive the value of your tokens?"
      size="sm"
    >
      <div className="grid gap-3">
        <button
          type="button"
          onClick={() => choose('/withdrawal')}
          className="rounded-xl border border-line p-4 text-left hover:border-primary hover:bg-primary-soft"
        >
          <span className="block font-semibold text-ink">CoinQvest</span>
          <span className="block text-sm text-ink-muted">To crypto, bank or fiat rails</span>
        </button>
        <button
          type="button"
          onClick={() => choose('/withdrawal-directwire')}
          className="rounded-xl border border-line p-4 text-left hover:border-primary hover:bg-primary-soft"
        >
          <span className="block font-semibold text-ink">Direct wire</span>
          <span className="block text-sm text-ink-muted">To your own bank account</span>
        </button>
      </div>
    </Modal>
  );
}
