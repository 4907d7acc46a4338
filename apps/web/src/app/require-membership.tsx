import { messages } from '@vault/contract/messages';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

/** Whether the member has given membership data in any form (spec 1 §6 "Membership data gate"). */
const hasMembershipData = (info: NonNullable<ReturnType<typeof useSession>['info']>) =>
  Boolean(info.user.savedFormData || info.user.kyc || info.gpaData);

/**
 * Screens that need membership data send a member who has none (no saved form, kyc or gpaData) to the
 * application wizard, saying why. Sits inside RequireMember, so the user info is there.
 */
export function RequireMembership() {
  const { info } = useSession();
  const missing = info !== undefined && !hasMembershipData(info);
  useEffect(() => {
    // One toast however often the guard renders (the id folds repeats into one).
    if (missing) toast.error(messages.fillGpaFirst, { id: 'fill-gpa-first' });
  }, [missing]);
  if (missing) return <Navigate to="/profile" replace />;
  return <Outlet />;
}
