import { Button } from '@vault/ui/button';
import { CopyButton } from '../../components/copy-button';

/**
 * The recovery codes, shown once: each signs in once in place of the authenticator's code (a lost phone).
 * Copy them or download them as a text file; "I have saved them" starts the session.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const text = `Vault back office recovery codes for ${email}\nEach code signs in once, in place of the authenticator's code.\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vault-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-muted">
        Your account is ready. If you lose the phone with your authenticator app, each of these codes signs you in once.{' '}
        <strong className="font-semibold text-ink">They are shown only now</strong>: keep them somewhere safe, away from
        your password.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-xl bg-sunken p-4 font-mono text-base text-ink min-[420px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tabular-nums">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button variant="secondary" size="sm" onClick={download}>
          Download .txt
        </Button>
      </div>
      <Button onClick={onDone}>I have saved them</Button>
    </div>
  );
}
