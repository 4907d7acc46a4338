import { Button } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { Logo } from '@vault/ui/logo';
import { useState } from 'react';
import { ChangePasswordForm } from '../../components/change-password-form';
import { useAuthModals } from './auth-modal-context';
import { LogoutModal } from './logout-modal';

/**
 * /change-password for every member (inside the member layout): the same form as Account Settings.
 * The change signs the member out everywhere; the sign-in form opens for the new password.
 */
export function ChangePasswordPage() {
  const modals = useAuthModals();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">Change Password</h1>
      <Card className="max-w-xl">
        <ChangePasswordForm
          wording="settings"
          onChanged={() => modals.open('signIn')}
          note={<p className="text-xs text-ink-subtle">You will be signed out on every device and log in again.</p>}
        />
      </Card>
    </div>
  );
}

/**
 * The one screen an imported member sees on every member route until the password is changed
 * (spec 1 §6 "Imported accounts ... see a restricted catch-all screen").
 */
export function ImportedChangePasswordPage() {
  const modals = useAuthModals();
  const [logoutOpen, setLogoutOpen] = useState(false);
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="bg-navy-900">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Logo />
          <Button variant="onDark" onClick={() => setLogoutOpen(true)}>
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-md px-4 py-10">
        <div className={`${cardSurface} p-6`}>
          <h1 className="text-2xl font-semibold text-ink">Change Password</h1>
          <p className="mt-2 text-sm text-ink-muted">
            Your account was moved from our previous platform. For your security you must change your password before
            you can use your vault. You will then log in again with the new password.
          </p>
          <div className="mt-6">
            <ChangePasswordForm wording="afterLogin" wide onChanged={() => modals.open('signIn')} />
          </div>
        </div>
      </main>
      <LogoutModal open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
