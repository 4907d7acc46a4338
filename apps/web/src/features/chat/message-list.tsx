import type { ChatMessage } from '@vault/contract/schemas/chat';
import { Spinner } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { dayKey, dayLabel } from './chat-text';
import { MessageBubble } from './message-bubble';

/** How close to the top (px) the scroll gets before the older page is asked for. */
const LOAD_OLDER_AT = 120;
/** How close to the bottom (px) still counts as "reading the newest": a new message then scrolls into view. */
const FOLLOW_WITHIN = 160;

/**
 * The conversation's messages, oldest at the top, a separator before each new day. Scrolling near the top
 * loads the page before (the view keeps its place); new messages scroll into view when the member is at the
 * bottom or wrote them. The list itself is not a live region: the conversation announces arrivals once,
 * and older pages loading are not news.
 */
export function MessageList({
  messages,
  me,
  authorOf,
  more,
  onLoadOlder,
}: {
  messages: ChatMessage[];
  me: string;
  authorOf: (userId: string) => string;
  more: boolean;
  onLoadOlder: () => Promise<void>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** Set before older messages are put on top: the height then, to keep the view where it was. */
  const keep = useRef<number | null>(null);
  const lastId = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const newest = messages.at(-1);
    if (keep.current !== null) {
      el.scrollTop += el.scrollHeight - keep.current;
      keep.current = null;
    } else if (newest && newest._id !== lastId.current) {
      const first = lastId.current === undefined;
      const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_WITHIN + 200;
      if (first || nearBottom || newest.user === me) el.scrollTop = el.scrollHeight;
    }
    lastId.current = newest?._id;
  }, [messages, me]);

  const older = () => {
    const el = scroller.current;
    if (!el || !more || loadingOlder) return;
    setLoadingOlder(true);
    keep.current = el.scrollHeight;
    onLoadOlder()
      .catch(() => {
        keep.current = null;
      })
      .finally(() => setLoadingOlder(false));
  };
  const onScroll = () => {
    if ((scroller.current?.scrollTop ?? Number.POSITIVE_INFINITY) <= LOAD_OLDER_AT) older();
  };

  let previousDay = '';
  return (
    <section
      ref={scroller}
      onScroll={onScroll}
      // Focusable so the keyboard can scroll it (and so reach the older messages).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label="Messages"
      data-testid="chat-messages"
      className="min-h-0 flex-1 overflow-y-auto bg-canvas px-3 py-4 focus-visible:outline-2 focus-visible:outline-focus sm:px-5"
    >
      {more ? (
        <div className="flex justify-center pb-3 text-xs text-ink-subtle">
          {loadingOlder ? (
            <span role="status" className="inline-flex items-center gap-2">
              <Spinner /> Loading older messages…
            </span>
          ) : (
            // The same as scrolling up, for the keyboard and for a first page that does not fill the view.
            <button type="button" onClick={older} className="rounded-full px-3 py-1 font-semibold hover:bg-sunken">
              Load older messages
            </button>
          )}
        </div>
      ) : null}
      {messages.length === 0 ? (
        <EmptyState icon="send" compact>
          No messages yet. Say hello!
        </EmptyState>
      ) : (
        <ol className="space-y-2">
          {messages.map((m) => {
            const day = dayKey(m.createdAt);
            const separator = day !== previousDay;
            previousDay = day;
            return (
              <Fragment key={m._id}>
                {separator ? (
                  <li className="flex items-center gap-3 py-2 text-xs font-medium text-ink-subtle">
                    <span className="h-px flex-1 bg-line" />
                    <span data-testid="chat-day">{dayLabel(m.createdAt)}</span>
                    <span className="h-px flex-1 bg-line" />
                  </li>
                ) : null}
                <MessageBubble message={m} mine={m.user === me} author={authorOf(m.user)} />
              </Fragment>
            );
          })}
        </ol>
      )}
    </section>
  );
}
