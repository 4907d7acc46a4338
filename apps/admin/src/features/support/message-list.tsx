import type { ChatMessage } from '@vault/contract/schemas/chat';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { dayKey, dayLabel } from './describe';
import { MessageItem } from './message-item';
import { useSupportMessages } from './queries';

/**
 * A support conversation's messages, oldest first, under a separator per local day, in a box that scrolls by
 * itself (focusable, so the keyboard scrolls it too). It follows the newest message while the reader is at
 * the bottom (or just wrote); "Load older messages" pages back. A log: a screen reader hears what arrives.
 */
export function MessageList({
  roomId,
  live,
  memberId,
  memberName,
  meId,
}: {
  roomId: string;
  live: boolean;
  memberId: string;
  memberName: string;
  meId: string | undefined;
}) {
  const query = useSupportMessages(roomId, live);
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Pages come newest first, each in the order written.
  const messages: ChatMessage[] = (query.data?.pages ?? []).toReversed().flatMap((page) => page.data);
  const last = messages.at(-1);

  // A new conversation opens at its newest message.
  useEffect(() => {
    if (roomId) atBottom.current = true;
  }, [roomId]);

  // Older messages loaded above: what the reader was looking at stays where it was.
  const keptFromBottom = useRef<number | null>(null);
  const count = messages.length;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || keptFromBottom.current === null || count === 0) return;
    el.scrollTop = el.scrollHeight - keptFromBottom.current;
    keptFromBottom.current = null;
  }, [count]);

  // A new last message: followed when the reader was at the bottom or wrote it.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !last) return;
    if (atBottom.current || last.user === meId) el.scrollTop = el.scrollHeight;
  }, [last, meId]);

  if (query.isPending) return <LoadingRows label="Loading the conversation…" count={4} />;
  if (query.isError && !query.data)
    return <LoadError query={query} title="The conversation could not be loaded" className="p-4" />;

  const authorOf = (m: ChatMessage) => (m.user === memberId ? memberName : m.user === meId ? 'You' : 'Support');

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {query.isRefetchError ? <RefreshError query={query} what="The conversation" className="m-3" /> : null}
      <div
        ref={box}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the messages scroll by themselves; a keyboard must reach them to scroll them too (WCAG 2.1.1).
        tabIndex={0}
        role="log"
        aria-label={`Messages with ${memberName}`}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className="min-h-0 flex-1 overflow-y-auto bg-canvas px-3 py-3 focus-visible:outline-2 focus-visible:outline-focus sm:px-4"
      >
        {query.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              busy={query.isFetchingNextPage}
              onClick={() => {
                const el = box.current;
                atBottom.current = false;
                if (el) keptFromBottom.current = el.scrollHeight - el.scrollTop;
                void query.fetchNextPage();
              }}
            >
              Load older messages
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <EmptyState icon="send" compact>
            No message in this conversation yet.
          </EmptyState>
        ) : (
          <ol className="space-y-2">
            {messages.map((m, i) => (
              <Fragment key={m._id}>
                {i === 0 || dayKey(messages[i - 1]!.createdAt) !== dayKey(m.createdAt) ? (
                  <li className="flex items-center gap-3 py-2 text-xs font-medium text-ink-subtle">
                    <span aria-hidden="true" className="h-px flex-1 bg-line" />
                    <time dateTime={m.createdAt.slice(0, 10)}>{dayLabel(m.createdAt)}</time>
                    <span aria-hidden="true" className="h-px flex-1 bg-line" />
                  </li>
                ) : null}
                <MessageItem message={m} author={authorOf(m)} fromMember={m.user === memberId} />
              </Fragment>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
