import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session';
import { type AuthModal, useAuthModals } from './auth-modal-context';

/** /sign-in and /sign-up: the page underneath with the modal open; closing returns to / (spec 1 §2). */
export function AuthRoute({ modal, children }: { modal: AuthModal; children: ReactNode }) {
  const { open } = useAuthModals();
  const { token } = useSession();
  // Only a member who arrives already signed in is sent on; a login made here runs its own flow.
  const [signedInOnArrival] = useState(token !== null);

  useEffect(() => {
    if (!signedInOnArrival) open(modal);
  }, [modal, open, signedInOnArrival]);

  if (signedInOnArrival) return <Navigate to="/cryptocurrency" replace />;
  return children;
}
