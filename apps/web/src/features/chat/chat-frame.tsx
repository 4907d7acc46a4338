import { messages } from '@vault/contract/messages';
import type { ReactNode } from 'react';

/**
 * A chat screen's frame: its title, one line about it, the offline notice when the chat cannot reach the
 * server (spec 2 §5), and a box as tall as the window leaves (the conversation scrolls inside it, its message
 * field stays in view), never shorter than a usable height.
 */
export function ChatFrame({
  title,
  intro,
  online,
  children,
}: {
  title: string;
  intro: string;
  online: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <p className="mt-1 text-sm text-ink-muted">{intro}</p>
      </div>
      {online ? null : (
        <p role="alert" className="rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning ring-1 ring-warning/20">
          {messages.chatOffline}
        </p>
      )}
      <div className="h-[calc(100dvh-15rem)] min-h-[26rem] lg:h-[calc(100dvh-13.5rem)]">{children}</div>
    </div>
  );
}
