import { Modal } from '@vault/ui/modal';
import { ChangePasswordForm } from '../../components/change-password-form';
import { useAuthModals } from './auth-modal-context';

/** Opens right after an imported member logs in (spec 1 §4). */
export function ChangePasswordModal() {
  const modals = useAuthModals();
  return (
    <Modal
      open={modals.current === 'changePassword'}
      onOpenChange={(o) => !o && modals.close()}
      title="Change Password"
      description="Your account was moved from our previous platform. Please choose a new password to continue."
      size="sm"
    >
      {/* Signed out by the change: the member logs in again straight away. */}
      <ChangePasswordForm wording="afterLogin" wide onChanged={() => modals.open('signIn')} />
    </Modal>
  );
}
