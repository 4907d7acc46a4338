import { messages } from '@vault/contract/messages';
import { Link } from 'react-router';
import { Card } from '../components/card';

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
} as const;

export function LaterPage({ section }: { section: keyof typeof laterSections }) {
  const { title, text } = laterSections[section];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-navy-900">{title}</h1>
      <Card>
        <p className="text-slate-700">{text}</p>
        <p className="mt-2 text-sm text-slate-500">This section opens in an upcoming release.</p>
      </Card>
    </div>
  );
}

/** /error: the vault has to be activated first (spec 2 §2). */
export function VaultNotActivatedPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-navy-900">Vault not activated</h1>
      <Card>
        <p className="text-slate-700">{messages.vaultNotActivated}</p>
        <Link
          to="/cryptocurrency"
          className="mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Back to Dashboard
        </Link>
      </Card>
    </div>
  );
}
