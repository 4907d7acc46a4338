import { messages } from '@vault/contract/messages';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { useAuthModals } from './auth-modal-context';
import { signedUpEmail } from './signed-up-email';

/**
 * The e-mail verification link lands on /?verified=1 (or 0): say how it went, then tidy the address. A
 * verified address opens the sign-in form, filled in with the address typed at sign-up in this browser.
 */
export function VerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const { open } = useAuthModals();
  const verified = params.get('verified');

  useEffect(() => {
    if (verified === null) return;
    if (verified === '1') {
      toast.success(messages.emailVerified, { id: 'email-verified' });
      // Filled in with the address this browser signed up with, if it did.
      const email = signedUpEmail();
      open('signIn', email || undefined);
    } else toast.error(messages.verificationLinkInvalid, { id: 'email-verified' });
    setParams(
      (p) => {
        p.delete('verified');
        return p;
      },
      { replace: true },
    );
  }, [verified, open, setParams]);

  return null;
}
