import { type SupportRoom, type SupportRoomFilter, supportRoomFilter } from '@vault/contract/schemas/chat';
import { cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterButtons } from '../../components/filter-buttons';
import { useMe } from '../../lib/session';
import { Conversation } from './conversation';
import { InboxList } from './inbox-list';
import { type LiveState, useSupportLive } from './live';
import { MemberPanel } from './member-panel';
import { useSupportRooms } from './queries';

const FILTER_LABELS: Record<SupportRoomFilter, string> = { unassigned: 'Unassigned', mine: 'Mine', all: 'All' };
const DEFAULT_FILTER: SupportRoomFilter = 'unassigned';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/support (issue 15 item 5; `chat.support`): every member's support conversation. The inbox (filter
 * unassigned / mine / all, in the address with the open conversation: `?filter=&room=`) beside the open
 * conversation and the member's profile; on a phone the inbox, then the conversation alone with a way back.
 * Live through the back office's socket (live.ts); a member's message is also said to screen readers.
 */
export function SupportPage() {
  const [params, setParams] = useSearchParams();
  const filter = supportRoomFilter.safeParse(params.get('filter')).data ?? DEFAULT_FILTER;
  const requested = params.get('room');
  const roomId = requested && UUID.test(requested) ? requested : null;
  const { data: me } = useMe();
  const [heard, setHeard] = useState('');
  const [known, setKnown] = useState<SupportRoom | null>(null);

  const state = useSupportLive((update) => {
    if (update.recentMessage.user !== update.memberId) return;
    const name = listed(update.chatRoom)?.member.name;
    setHeard(`New message from ${name || 'a member'}${update.chatRoom === roomId ? ' in this conversation' : ''}`);
  });
  const rooms = useSupportRooms(filter, state === 'live');
  const listed = (id: string | null) => rooms.data?.pages.flatMap((page) => page.data).find((r) => r._id === id);
  const shown = listed(roomId);
  // The open room's line, kept when the filter no longer lists it (taken from "Unassigned").
  useEffect(() => {
    if (shown) setKnown(shown);
  }, [shown]);
  const room = shown ?? (known?._id === roomId ? known : null);

  const href = (next: { filter?: SupportRoomFilter; room?: string | null }) => {
    const search = new URLSearchParams();
    const f = next.filter ?? filter;
    const r = next.room === undefined ? roomId : next.room;
    if (f !== DEFAULT_FILTER) search.set('filter', f);
    if (r) search.set('room', r);
    const text = search.toString();
    return text ? `?${text}` : '?';
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Support inbox</h1>
        <LiveBadge state={state} />
      </div>
      <p role="status" className="sr-only">
        {heard}
      </p>
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <section aria-label="Inbox" className={`space-y-3 ${roomId ? 'hidden lg:block' : ''}`}>
          <FilterButtons
            legend="Show conversations"
            options={supportRoomFilter.options}
            labels={FILTER_LABELS}
            value={filter}
            onChoose={(choice) => setParams(new URLSearchParams(href({ filter: choice }).slice(1)))}
          />
          <InboxList
            filter={filter}
            rooms={rooms}
            selectedId={roomId}
            hrefOf={(id) => href({ room: id })}
            meId={me?.id}
          />
        </section>
        {roomId ? (
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_15rem] xl:items-start">
            <Conversation
              key={roomId}
              roomId={roomId}
              room={room}
              meId={me?.id}
              live={state === 'live'}
              backHref={href({ room: null })}
            />
            <MemberPanel roomId={roomId} />
          </div>
        ) : (
          <div className={`${cardSurface} hidden lg:block`}>
            <EmptyState icon="send">Choose a conversation to read it and answer the member.</EmptyState>
          </div>
        )}
      </div>
    </div>
  );
}

/** Whether the inbox is live; while the socket reconnects it says the inbox is asked every 10 seconds. */
function LiveBadge({ state }: { state: LiveState }) {
  const look = {
    live: { dot: 'bg-success', text: 'Live' },
    connecting: { dot: 'bg-ink-subtle', text: 'Connecting…' },
    lost: { dot: 'bg-warning', text: 'Reconnecting… updated every 10 seconds' },
  }[state];
  return (
    <p className="flex items-center gap-2 text-sm text-ink-muted" data-live={state}>
      <span aria-hidden="true" className={`size-2.5 rounded-full ${look.dot}`} />
      {look.text}
    </p>
  );
}
