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
            Here you will review and sign the agreement that governs how your contributions are received and remitted;
            it opens with the funding features.
          </p>
        </Card>
      </Section>

      <Section number={3} title="Direct Wire Exchange">
        <Card>
          <p className="text-sm text-ink-muted">
            Here you will keep the bank details used to exchange tokens by direct wire; it opens with the funding
            features.
          </p>
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
