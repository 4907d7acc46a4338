import { ButtonLink } from '@vault/ui/button';
import { Card } from '@vault/ui/card';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from '../../components/change-password-form';
import { useSession } from '../../lib/session';
import { DeleteAccount } from './delete-account';
import { ProfileNameForm } from './profile-name-form';

/** /settings, "Account Info" (spec 1 §2 "Account settings screen"). */
export function SettingsPage() {
  const { info } = useSession();
  if (!info) return null;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold text-ink">Account Info</h1>

      <Section number={1} title="Account Settings">
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Change Password">
            <ChangePasswordForm
              wording="settings"
              note={<p className="text-xs text-ink-subtle">You will be signed out on every device and log in again.</p>}
            />
          </Card>
          <div className="space-y-6">
            <Card title="Change Profile Name">
              <ProfileNameForm user={info.user} />
            </Card>
            <Card title="Delete my Account">
              <DeleteAccount />
            </Card>
          </div>
        </div>
      </Section>

      <Section number={2} title="Remittance Agreement">
        <Card>
          <p className="text-sm text-ink-muted">
            The agreement that governs how your contributions are received and remitted, with this year&apos;s dates.
          </p>
          <ButtonLink to="/remittance?tab=agreement" variant="secondary" className="mt-4">
            Open Remittance Agreement
          </ButtonLink>
        </Card>
      </Section>

      <Section number={3} title="Direct Wire Exchange">
        <Card>
          <p className="text-sm text-ink-muted">
            Your remittance addresses (the bank details you wire from, with your signature) and your direct wire
            requests.
          </p>
          <ButtonLink to="/remittance?tab=exchange" variant="secondary" className="mt-4">
            Open Direct Wire Exchange
          </ButtonLink>
        </Card>
      </Section>
    </div>
  );
}

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `settings-section-${number}`;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-ink">
        <span
          aria-hidden="true"
          className="grid size-7 place-items-center rounded-full bg-navy-900 text-sm text-accent-on-dark"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
