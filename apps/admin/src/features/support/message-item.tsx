import { type ChatMessage, shownFileName } from '@vault/contract/schemas/chat';
import { FileIcon } from '@vault/ui/line-icon';
import { timeOf } from './describe';

/**
 * One message of a support conversation: the member's on the left, support's on the right (navy). Text is
 * rendered as text (React escapes it; line breaks kept); an image inline, opening full size in a new tab; a
 * file as a download link showing the end of its name (spec 2 §9: the last 28 characters), the whole name
 * for screen readers and on hover.
 */
export function MessageItem({
  message,
  author,
  fromMember,
}: {
  message: ChatMessage;
  /** Who wrote it, as the desk says it: the member's name, "You" or "Support". */
  author: string;
  fromMember: boolean;
}) {
  const fromSupport = !fromMember;
  const name = message.fileName || (message.type === 'image' ? 'image' : 'file');
  return (
    <li className={`flex ${fromSupport ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[90%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[85%] ${
          fromSupport ? 'rounded-br-md bg-navy-900 text-on-dark' : 'rounded-bl-md bg-surface text-ink ring-1 ring-line'
        }`}
      >
        <p className={`text-xs font-semibold ${fromSupport ? 'text-on-dark-muted' : 'text-ink-subtle'}`}>{author}</p>
        {message.image && message.type === 'image' ? (
          <a href={message.image} target="_blank" rel="noreferrer" className="mt-1 block">
            <img
              src={message.image}
              alt={message.fileName ? `Image ${message.fileName}` : 'Image'}
              className="max-h-64 min-h-20 min-w-20 max-w-full rounded-lg bg-sunken object-contain"
              loading="lazy"
            />
          </a>
        ) : null}
        {message.image && message.type === 'file' ? (
          <a
            href={message.image}
            download={name}
            title={name}
            className={`mt-1 flex items-center gap-1.5 rounded-lg px-2 py-2 font-medium underline-offset-4 hover:underline ${
              fromSupport ? 'bg-white/10 text-on-dark' : 'bg-sunken text-ink'
            }`}
          >
            <FileIcon />
            <span className="sr-only">Download {name}</span>
            <span aria-hidden="true" className="min-w-0 break-words">
              {shownFileName(name)}
            </span>
          </a>
        ) : null}
        {message.text ? <p className="mt-0.5 whitespace-pre-wrap break-words">{message.text}</p> : null}
        <p className={`mt-1 text-right text-xs ${fromSupport ? 'text-on-dark-subtle' : 'text-ink-subtle'}`}>
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
        </p>
      </div>
    </li>
  );
}
