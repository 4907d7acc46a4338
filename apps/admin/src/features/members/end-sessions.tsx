import { useQueryClient } from '@tanstack/react-query';
import { revokeSessionsBody, revokeSessionsResponse } from '@vault/contract/schemas/backoffice';
import { ReasonDialog } from '../../components/reason-dialog';
import { api } from '../../lib/api';
import { memberKey } from './queries';

/**
 * "End all sessions": a confirmation dialog with the reason it is done for (required, kept in the audit log);
 * the member is signed out on every device at once. Says how many sessions ended.
 */
export function EndSessions({
  memberId,
  email,
  count,
  onDone,
}: {
  memberId: string;
  email: string;
  count: number;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      label="End all sessions"
      title="End all sessions?"
      description={`${email} is signed out on every device at once (${count} open session${count === 1 ? '' : 's'}). They can sign in again.`}
      reasonLabel="Reason (kept in the audit log)"
      schema={revokeSessionsBody}
      send={async (values) => {
        const res = await api(`admin/members/${encodeURIComponent(memberId)}/sessions/revoke`, revokeSessionsResponse, {
          body: values,
        });
        return `${res.message} (${res.data.revoked} ended).`;
      }}
      refresh={() => queryClient.invalidateQueries({ queryKey: memberKey(memberId) })}
      onDone={onDone}
      disabled={count === 0}
    />
  );
}
