import { type ChatMessage, shownFileName } from '@vault/contract/schemas/chat';
import { FileIcon } from '@vault/ui/line-icon';
import { timeLabel } from './chat-text';

/**
 * One message: its text as text (React escapes it; line breaks kept), an image shown inline and opening whole
 * in a new tab, any other file as a download link with the last 28 characters of its name (spec 2 §9). Own
 * messages sit on the right with their delivered status.
 */
export function MessageBubble({ message, mine, author }: { message: ChatMessage; mine: boolean; author: string }) {
  return (
    <li data-testid="chat-message" data-mine={mine} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
          mine ? 'rounded-br-md bg-navy-800 text-on-dark' : 'rounded-bl-md bg-surface text-ink ring-1 ring-line'
        }`}
      >
        <span className="sr-only">{mine ? 'You' : author}: </span>
        {message.image && message.type === 'image' ? (
          <a href={message.image} target="_blank" rel="noopener noreferrer" className="mb-1 block">
            <img
              src={message.image}
              alt={message.fileName ? `Photo ${message.fileName}` : 'Photo'}
              loading="lazy"
              className="max-h-64 max-w-full rounded-lg object-contain"
            />
          </a>
        ) : null}
        {message.image && message.type === 'file' ? (
          <a
            href={message.image}
            download={message.fileName ?? true}
            target="_blank"
            rel="noopener noreferrer"
            title={message.fileName ?? undefined}
            className={`mb-1 flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium underline-offset-2 hover:underline ${
              mine ? 'bg-white/10' : 'bg-sunken'
            }`}
          >
            <FileIcon />
            <span className="min-w-0 break-all">{shownFileName(message.fileName?.trim() || 'Attachment')}</span>
            <span className="sr-only"> (download)</span>
          </a>
        ) : null}
        {message.text ? <p className="whitespace-pre-wrap break-words text-sm">{message.text}</p> : null}
        <p
          className={`mt-1 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-on-dark-muted' : 'text-ink-subtle'}`}
        >
          <time dateTime={message.createdAt}>{timeLabel(message.createdAt)}</time>
          {mine && message.delivered ? (
            <span data-testid="chat-delivered" className="inline-flex items-center gap-0.5">
              <CheckIcon />
              Delivered
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3" fill="none" stroke="currentColor" strokeWidth="3">
      <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
