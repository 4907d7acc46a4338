import { messages } from '@vault/contract/messages';
import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useSession } from '../../lib/session';

/** 'Are you sure you want to logout?' with Yes and Cancel (spec 1 §2). */
export function LogoutModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await session.logout();
    setBusy(false);
    onOpenChange(false);
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Logout" size="sm">
      <p className="text-ink-muted">{messages.logoutConfirm}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={confirm} busy={busy}>
          Yes
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
