import { messages } from '@vault/contract/messages';
import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';

/** Member sections whose screens come with later features: the menu works, the page says what is coming. */
export const laterSections = {
  marketplace: {
    title: 'CQR Vest',
    text: 'Members exchange opportunity-token units with each other here: list your own units or acquire units others have listed.',
  },
  inbox: { title: 'CQR Connect', text: 'Chat with other members of the vault in real time.' },
  remittance: {
    title: 'Remittance',
    text: 'Keep your remittance agreement, the bank details for direct wire exchange and your redeem addresses.',
  },
  subscription: {
    title: 'Subscription',
    text: 'Choose a plan and settle it in vault dollars, once or as a recurring subscription.',
  },
  chat: { title: 'Support', text: "Talk to the vault's support team from inside your account." },
  // Screens the wallet actions lead to (spec 2 §2); they arrive with the funding, redeem, swap and marketplace features.
  withdrawal: {
    title: 'Redeem',
    text: 'Redeem the value of your tokens to crypto, bank or fiat rails through CoinQvest. Credit takes 10-15 working days.',
  },
  withdrawalDirectWire: {
    title: 'Redeem by Direct Wire',
    text: 'Redeem the value of your tokens by direct wire to your own bank account. Credit takes 10-15 working days.',
  },
  depositAddress: {
    title: 'Top-Up',
    text: 'Choose a token and top up your vault at its deposit address, shown with a QR code you can scan or copy.',
  },
  liquidityTokens: {
    title: 'Get CQR Dollars',
    text: 'Top up your vault with CQR Dollars (1 CQR Dollar = 1 USD) by direct wire, direct debit, CoinQvest or PayPal.',
  },
  assetTokens: {
    title: 'Get assets',
    text: 'Top up your vault with silver and gold asset tokens by direct wire, direct debit, CoinQvest or PayPal.',
  },
  silentWave: {
    title: 'Opportunity and Exchange',
    text: "See a token's details and history, acquire units, or list your units on CQR Vest, the member marketplace, at the value per unit you choose.",
  },
} as const;

export function LaterPage({ section }: { section: keyof typeof laterSections }) {
  const { title, text } = laterSections[section];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <Card>
        <p className="text-ink-muted">{text}</p>
        <p className="mt-2 text-sm text-ink-subtle">This section opens in an upcoming release.</p>
      </Card>
    </div>
  );
}

/** /error: the vault has to be activated first (spec 2 §2). */
export function VaultNotActivatedPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">Vault not activated</h1>
      <Card>
        <p className="text-ink-muted">{messages.vaultNotActivated}</p>
        <ButtonLink to="/cryptocurrency" className="mt-4">
          Back to Dashboard
        </ButtonLink>
      </Card>
    </div>
  );
}
