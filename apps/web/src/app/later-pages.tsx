import { messages } from '@vault/contract/messages';
import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';

/*
 * The member area's small pages downloaded with its frame: /error. (The placeholders of sections still to
 * come lived here; the last of them, CQR Vest and /silent-wave, arrived with issue 17.)
 */

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
