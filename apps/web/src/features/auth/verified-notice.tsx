import { messages } from '@vault/contract/messages';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuthModals } from './auth-modal-context';

/** The e-mail verification link lands on /?verified=1 (or 0): say how it went, then tidy the address. */
export function VerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const { open } = useAuthModals();
  const verified = params.get('verified');

  useEffect(() => {
    if (verified === null) return;
    if (verified === '1') {
      toast.success(messages.emailVerified, { id: 'email-verified' });
      open('signIn');
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
