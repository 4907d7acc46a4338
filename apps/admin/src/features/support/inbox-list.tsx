import type { SupportRoom, SupportRoomFilter } from '@vault/contract/schemas/chat';
import { Button } from '@vault/ui/button';
import { cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { Avatar } from './avatar';
import { previewOf, whenShort } from './describe';
import type { useSupportRooms } from './queries';

const NONE: Record<SupportRoomFilter, string> = {
  unassigned: 'Every conversation has been taken. New ones show here as members write.',
  mine: 'You have not taken a conversation yet. Open one and choose “Assign to me”.',
  all: 'No member has written to support yet.',
};

/**
 * The support inbox: members' conversations, newest activity first, each with the member, their last message
 * (cut as the spec says), when, how many of the member's messages wait for an answer, and who has it. A
 * conversation opens beside the list (below it on a phone); the open one is marked as current.
 */
export function InboxList({
  filter,
  rooms,
  selectedId,
  hrefOf,
  meId,
}: {
  filter: SupportRoomFilter;
  rooms: ReturnType<typeof useSupportRooms>;
  selectedId: string | null;
  hrefOf: (roomId: string) => string;
  meId: string | undefined;
}) {
  if (rooms.isPending) return <LoadingRows label="Loading conversations…" count={5} />;
  if (rooms.isError && !rooms.data) return <LoadError query={rooms} title="The conversations could not be loaded" />;
  const list = rooms.data.pages.flatMap((page) => page.data);
  const total = rooms.data.pages[0]?.total ?? 0;
  return (
    <div className="space-y-3">
      {rooms.isRefetchError ? <RefreshError query={rooms} what="The inbox" /> : null}
      {list.length === 0 ? (
        <div className={cardSurface}>
          <EmptyState icon="send" compact>
            {NONE[filter]}
          </EmptyState>
        </div>
      ) : (
        <ul className={`${cardSurface} divide-y divide-line overflow-hidden`} aria-label="Conversations">
          {list.map((room) => (
            <RoomItem
              key={room._id}
              room={room}
              href={hrefOf(room._id)}
              current={room._id === selectedId}
              meId={meId}
            />
          ))}
        </ul>
      )}
      <p className="text-xs text-ink-subtle" aria-live="polite">
        {total === 0 ? '' : `${list.length} of ${total} conversation${total === 1 ? '' : 's'}`}
      </p>
      {rooms.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={rooms.isFetchingNextPage}
          onClick={() => void rooms.fetchNextPage()}
        >
          Show more conversations
        </Button>
      ) : null}
    </div>
  );
}

function RoomItem({
  room,
  href,
  current,
  meId,
}: {
  room: SupportRoom;
  href: string;
  current: boolean;
  meId: string | undefined;
}) {
  const last = room.recentMessage;
  const fromMember = last?.user === room.member._id;
  const taken = room.assignedTo === null ? 'Unassigned' : room.assignedTo === meId ? 'Yours' : 'Taken';
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? 'true' : undefined}
        className={`flex gap-3 px-3 py-3 outline-offset-[-2px] ${current ? 'bg-primary-soft' : 'hover:bg-sunken'}`}
      >
        <Avatar member={room.member} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold text-ink">{room.member.name || 'No name'}</span>
            <time
              dateTime={room.updatedAt}
              title={formatDateTime(room.updatedAt)}
              className="shrink-0 text-xs text-ink-subtle"
            >
              {whenShort(room.updatedAt)}
            </time>
          </span>
          <span className="block truncate text-xs text-ink-subtle">{room.member.email}</span>
          <span className="mt-1 flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${room.unanswered > 0 ? 'text-ink' : 'text-ink-muted'}`}>
              {last ? `${fromMember ? '' : last.user === meId ? 'You: ' : 'Support: '}${previewOf(last)}` : ''}
            </span>
            {room.unanswered > 0 ? (
              <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
                {room.unanswered}
                <span className="sr-only"> unanswered</span>
              </span>
            ) : null}
          </span>
          <span className="mt-1 block text-xs text-ink-subtle">{taken}</span>
        </span>
      </Link>
    </li>
  );
}
