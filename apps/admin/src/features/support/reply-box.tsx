import { CHAT_LIMITS, shownFileName } from '@vault/contract/schemas/chat';
import { Button } from '@vault/ui/button';
import { inputClass } from '@vault/ui/field';
import { useId, useRef, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { waitText } from '../../lib/format';
import { ATTACHMENT_ACCEPT, ATTACHMENT_RULE, attachmentProblem, useSendReply } from './queries';

/**
 * The answer to the member: text (Enter sends, Shift+Enter a new line), an attachment (images, PDF and office
 * files: uploaded, then sent with the text), or both. What the server refuses is said above the box; the text
 * stays so nothing typed is lost.
 */
export function ReplyBox({ roomId, memberName, disabled }: { roomId: string; memberName: string; disabled?: string }) {
  const send = useSendReply(roomId);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = () => {
    if (send.isPending) return;
    const trimmed = text.trim();
    if (!trimmed && !file) return setProblem('Write a message or attach a file');
    setProblem(null);
    send.mutate(
      { text: trimmed, file },
      {
        // Only what was sent is cleared: a file chosen or text typed while the answer was on its way stays.
        onSuccess: () => {
          setText((now) => (now === text ? '' : now));
          setFile((now) => (now === file ? null : now));
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status === 429 && error.retryAfter
              ? `${error.message} Try again in ${waitText(error.retryAfter)}.`
              : error.message,
          ),
      },
    );
  };

  if (disabled) return <p className="border-t border-line px-4 py-3 text-sm text-ink-muted">{disabled}</p>;

  return (
    <form
      className="space-y-2 border-t border-line bg-surface p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormAlert id={errorId}>{problem}</FormAlert>
      <label htmlFor={textId} className="sr-only">
        Reply to {memberName}
      </label>
      <textarea
        id={textId}
        rows={2}
        value={text}
        maxLength={CHAT_LIMITS.textMax}
        placeholder={`Reply to ${memberName}`}
        aria-describedby={`${hintId}${problem ? ` ${errorId}` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        className={`${inputClass} resize-y`}
      />
      <p id={hintId} className="sr-only">
        Enter sends, Shift and Enter starts a new line. Attachments: {ATTACHMENT_RULE}.
      </p>
      <input
        ref={picker}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          e.target.value = '';
          if (!chosen) return;
          const wrong = attachmentProblem(chosen);
          setProblem(wrong);
          setFile(wrong ? null : chosen);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => picker.current?.click()} disabled={send.isPending}>
          <PaperclipIcon /> Attach file
        </Button>
        {file ? (
          <span className="flex min-w-0 items-center gap-1 rounded-full bg-sunken py-1 pr-1 pl-3 text-xs text-ink">
            <span className="min-w-0 truncate" title={file.name}>
              {shownFileName(file.name)}
            </span>
            <button
              type="button"
              onClick={() => setFile(null)}
              className="rounded-full px-2 py-0.5 font-semibold text-ink-muted hover:bg-line hover:text-ink"
              aria-label={`Remove ${file.name}`}
            >
              ×
            </button>
          </span>
        ) : null}
        <Button type="submit" size="sm" className="ml-auto" busy={send.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}

function PaperclipIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
    </svg>
  );
}
