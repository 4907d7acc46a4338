import { cardSurface } from '@vault/ui/card';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useCallback } from 'react';
import { useSession } from '../../lib/session';
import { useMemberSocket } from '../../lib/socket';
import { ChatFrame } from './chat-frame';
import { useSupportRoom } from './chat-queries';
import { chatErrorText } from './chat-text';
import { Conversation } from './conversation';
import { ConversationHeader } from './conversation-header';
import { useChatLive } from './use-chat-live';
import { useConnection } from './use-connection';

/** /chat, Support (spec 2 §2): the member's one conversation with the vault's support team. */
export function SupportPage() {
  const me = useSession().info?.user._id ?? '';
  const socket = useMemberSocket();
  const online = useConnection(socket);
  const room = useSupportRoom();
  useChatLive(socket, me, room.data?._id);
  const authorOf = useCallback((userId: string) => (userId === me ? 'You' : 'Support'), [me]);

  return (
    <ChatFrame title="Support" intro="Write to the vault's support team; their answers appear here." online={online}>
      <div className={`${cardSurface} flex h-full min-h-0 flex-col overflow-hidden`}>
        {room.isPending ? (
          <div className="px-4">
            <LoadingRows label="Loading your conversation with support…" />
          </div>
        ) : room.isError ? (
          <LoadError
            className="p-4"
            title="Your conversation with support could not be opened"
            query={{ error: new Error(chatErrorText(room.error)), isFetching: room.isFetching, refetch: room.refetch }}
          />
        ) : (
          <Conversation
            room={room.data}
            me={me}
            socket={socket}
            authorOf={authorOf}
            header={<ConversationHeader name="Vault support" picture={null} status="The support team of the vault" />}
          />
        )}
      </div>
    </ChatFrame>
  );
}
