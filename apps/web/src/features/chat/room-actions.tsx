import type { ChatRoom } from '@vault/contract/schemas/chat';
import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useBlockMember, useHideRoom } from './chat-queries';
import { chatErrorText } from './chat-text';

type Ask = 'delete' | 'block' | null;

/**
 * A member-to-member room's actions: delete it (hidden for the member alone, spec 2 §7 user-delete) and block
 * or unblock the other member (the room turns read-only both ways). Deleting and blocking ask first; unblocking
 * does not, since it only gives back what was there.
 */
export function RoomActions({
  room,
  otherId,
  otherName,
  onDeleted,
}: {
  room: ChatRoom;
  otherId: string | undefined;
  otherName: string;
  onDeleted: () => void;
}) {
  const [ask, setAsk] = useState<Ask>(null);
  const hide = useHideRoom();
  const block = useBlockMember();
  const cancel = useRef<HTMLButtonElement>(null);

  const done = (message: string) => {
    toast.success(message);
    setAsk(null);
  };
  const failed = (error: unknown) => toast.error(chatErrorText(error));

  const confirm = () => {
    if (ask === 'delete')
      hide.mutate(room._id, {
        onSuccess: (res) => {
          done(res.message);
          onDeleted();
        },
        onError: failed,
      });
    else if (ask === 'block' && otherId)
      block.mutate({ userId: otherId, block: true }, { onSuccess: (res) => done(res.message), onError: failed });
  };

  return (
    <div className="flex shrink-0 items-center gap-1">
      {otherId ? (
        room.blockedByMe ? (
          <Button
            variant="ghost"
            size="sm"
            busy={block.isPending}
            onClick={() =>
              block.mutate(
                { userId: otherId, block: false },
                { onSuccess: (res) => done(res.message), onError: failed },
              )
            }
          >
            Unblock
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setAsk('block')}>
            Block
          </Button>
        )
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => setAsk('delete')}>
        Delete
      </Button>
      <Modal
        open={ask !== null}
        onOpenChange={(open) => {
          if (!open) setAsk(null);
        }}
        title={ask === 'block' ? `Block ${otherName}?` : 'Delete this conversation?'}
        description={
          ask === 'block'
            ? 'Neither of you can write in this conversation any more, and you will not find each other in the search. You can unblock them later.'
            : `It disappears from your inbox only; ${otherName} keeps it. It comes back if either of you writes again.`
        }
        size="sm"
        initialFocus={cancel}
      >
        <div className="flex justify-end gap-2">
          <Button ref={cancel} variant="secondary" onClick={() => setAsk(null)}>
            Cancel
          </Button>
          <Button variant="danger" busy={hide.isPending || block.isPending} onClick={confirm}>
            {ask === 'block' ? 'Block' : 'Delete'}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
