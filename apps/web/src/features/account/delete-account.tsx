import { Button } from '@vault/ui/button';
import { TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

const CONFIRM_WORD = 'DELETE';

/** Account Settings → Delete my Account, behind a typed confirmation because it cannot be undone. */
export function DeleteAccount() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const res = await api<{ message: string }>('user/delete-account', { body: {} });
      toast.success(res.message);
    } catch {
      // Spec 1 §8: delete failures are swallowed; the session ends either way.
    }
    session.clear();
  };

  return (
    <div>
      <p className="text-sm text-ink-muted">
        Deleting your account ends every session and removes your access to the vault. This cannot be undone.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete my Account
      </Button>
      <Modal
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setTyped('');
        }}
        title="Delete my Account"
        description="This permanently deletes your account. Type DELETE to confirm."
        size="sm"
      >
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="danger" onClick={confirm} busy={busy} disabled={typed.trim() !== CONFIRM_WORD}>
            Delete Account
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
        </div>
      </Modal>
    </div>
  );
}
