import { messages } from '@vault/contract/messages';
import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useAuthModals } from './auth-modal-context';

/** Shown after login when no membership data exists yet (spec 1 §4). */
export function OpenAccountModal() {
  const modals = useAuthModals();
  return (
    <Modal
      open={modals.current === 'openAccount'}
      onOpenChange={(o) => !o && modals.close()}
      title="Open Account"
      size="sm"
    >
      <p className="text-ink-muted">{messages.openAccountPrompt}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={() => modals.close('/profile')}>Continue to application</Button>
        <Button variant="secondary" onClick={() => modals.close()}>
          Later
        </Button>
      </div>
    </Modal>
  );
}
