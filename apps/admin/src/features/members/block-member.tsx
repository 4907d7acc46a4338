import { useQueryClient } from '@tanstack/react-query';
import { blockMemberBody } from '@vault/contract/schemas/backoffice';
import { messageResponse } from '@vault/contract/schemas/common';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { useRef, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { ReasonDialog } from '../../components/reason-dialog';
import { api } from '../../lib/api';
import { memberKey } from './queries';

type Member = { id: string; email: string; isBlocked: boolean };

/** After a block or an unblock: the member's file and every list that shows their status ask again. */
function useRefresh(memberId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKey(memberId) }),
      queryClient.invalidateQueries({ queryKey: ['members'] }),
    ]);
}

/**
 * Block (with the reason, required: the member is shown it and it is kept in the audit log) or unblock, each
 * behind a confirmation dialog. A block ends every session at once; the member's open screens show the
 * block and sign out (the server tells them). The page updates after.
 */
export function BlockMember({ member, onDone }: { member: Member; onDone: (message: string) => void }) {
  return member.isBlocked ? <Unblock member={member} onDone={onDone} /> : <Block member={member} onDone={onDone} />;
}

function Block({ member, onDone }: { member: Member; onDone: (message: string) => void }) {
  const refresh = useRefresh(member.id);
  return (
    <ReasonDialog
      label="Block member"
      title="Block this member?"
      description={`${member.email} is signed out on every device at once and cannot sign in until unblocked. They are shown the reason.`}
      reasonLabel="Reason (shown to the member, kept in the audit log)"
      schema={blockMemberBody}
      send={async (values) => {
        const res = await api(`admin/users/${encodeURIComponent(member.id)}/block`, messageResponse, { body: values });
        return `${res.message}: ${member.email} is signed out everywhere.`;
      }}
      refresh={refresh}
      onDone={onDone}
    />
  );
}

function Unblock({ member, onDone }: { member: Member; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const refresh = useRefresh(member.id);

  const unblock = async () => {
    setRefusal(null);
    setBusy(true);
    try {
      const res = await api(`admin/users/${encodeURIComponent(member.id)}/unblock`, messageResponse, {
        method: 'POST',
      });
      setOpen(false);
      await refresh();
      onDone(`${res.message}: ${member.email} may sign in again.`);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Unblock member
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRefusal(null);
        }}
        title="Unblock this member?"
        description={`${member.email} may sign in again. Sessions the block ended stay ended.`}
        size="sm"
        initialFocus={cancel}
      >
        <div className="space-y-4">
          <FormAlert>{refusal}</FormAlert>
          <div className="flex flex-wrap justify-end gap-2">
            <Button ref={cancel} variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void unblock()}>
              Unblock member
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
