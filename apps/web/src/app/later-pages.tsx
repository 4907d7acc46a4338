import { messages } from '@vault/contract/messages';
import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';

/** Member sections whose screens come with later features: the menu works, the page says what is coming. */
export const laterSections = {
  marketplace: {
    title: 'CQR Vest',
    text: 'Members exchange opportunity-token units with each other here: list your own units or acquire units others have listed.',
  },
  // Screens the wallet actions lead to (spec 2 §2); they arrive with the marketplace feature.
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
