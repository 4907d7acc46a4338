import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { CHAT_LIMITS, chatMessageBody } from '@vault/contract/schemas/chat';
import { Button, Spinner } from '@vault/ui/button';
import { inputClass } from '@vault/ui/field';
import { type FormEvent, type Ref, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';

/** What the file picker offers (spec 2 §5); the server still decides by the bytes. */
const ACCEPT = '.jpeg,.jpg,.png,.pdf,.docx,.pptx,.xlsx,image/jpeg,image/png,application/pdf';

/** What the composer asks its conversation to send; the answer says whether it may be cleared. */
export type Draft = { text: string } | { file: File };
export type SendOutcome = 'sent' | 'failed' | 'unknown';

/**
 * The message field (Enter sends, Shift+Enter starts a new line; an empty message is not sent) and the
 * attachment button (the file is uploaded and sent as its own message). The text is checked with the
 * contract's schema, the one the server uses.
 */
export function Composer({
  onSend,
  ref,
}: {
  onSend: (draft: Draft) => Promise<SendOutcome>;
  /** The field, which the conversation focuses when it opens. */
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'text' | 'file' | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const parsed = chatMessageBody.shape.text.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (!parsed.data) return; // spec 2 §5: empty text messages are not sent
    setError(undefined);
    setBusy('text');
    const outcome = await onSend({ text: parsed.data });
    setBusy(null);
    // A refused message stays to be corrected; one whose answer never came stays to be sent again (it keeps
    // its clientId, so the server stores it once even if the first try arrived).
    if (outcome === 'sent') setText('');
  };

  const attach = async (file: File | undefined) => {
    if (!file || busy) return;
    if (file.size > LIMITS.uploadMaxBytes) {
      toast.error(messages.fileTooLarge);
      return;
    }
    setBusy('file');
    await onSend({ file });
    setBusy(null);
  };

  return (
    <form onSubmit={submit} aria-label="Write a message" className="border-t border-line bg-surface p-3 sm:p-4">
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file picked again still counts
            void attach(file);
          }}
        />
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={busy !== null}
          title="Attach a photo or a document (jpeg, png, pdf, docx, pptx, xlsx)"
          className="grid size-11 shrink-0 place-items-center rounded-lg text-ink-muted ring-1 ring-line-strong hover:bg-sunken hover:text-ink disabled:opacity-60"
        >
          {busy === 'file' ? <Spinner /> : <PaperclipIcon />}
          <span className="sr-only">{busy === 'file' ? 'Uploading the attachment' : 'Attach a file'}</span>
        </button>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            Message
          </label>
          <textarea
            ref={ref}
            id={id}
            rows={1}
            value={text}
            maxLength={CHAT_LIMITS.textMax}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void submit(e);
            }}
            placeholder="Write a message…"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass} max-h-32 min-h-11 resize-none`}
          />
        </div>
        <Button type="submit" busy={busy === 'text'} className="h-11 shrink-0">
          Send
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function PaperclipIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path
        d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
