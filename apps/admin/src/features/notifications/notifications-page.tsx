import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type BackofficeMember,
  NOTIFICATION_MAX,
  notifyAllBody,
  notifyAllResponse,
  notifyMemberBody,
} from '@vault/contract/schemas/backoffice';
import { messageResponse } from '@vault/contract/schemas/common';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { FieldError, inputClass, labelClass, TextArea } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { ApiError, api } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useDebouncedEffect } from '../../lib/use-debounced-effect';
import { PICK_LIMIT, useActiveMemberCount, useMemberChoices } from './queries';

/**
 * /admin/notifications: a message in one member's bell (found by e-mail or name), or in every active member's.
 * Open member screens show it at once. Both are recorded in the audit log with the text.
 */
export function NotificationsPage() {
  return (
    <section aria-labelledby="notifications-title" className="space-y-6">
      <div className="space-y-1">
        <h1 id="notifications-title" className="text-2xl font-semibold text-ink">
          Notifications
        </h1>
        <p className="text-sm text-ink-muted">
          A notification appears in the member’s bell, at once on their open screens. Each one sent is recorded in the
          audit log with its text.
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ToOneMember />
        <ToEveryMember />
      </div>
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${cardClass} min-w-0 space-y-4`}>
      <h2 className="font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** A message box with the characters left, as both forms use it. */
function MessageField({
  label,
  error,
  length,
  ...field
}: { label: string; error?: string | undefined; length: number } & UseFormRegisterReturn<'message'>) {
  return (
    <div className="space-y-1">
      <TextArea label={label} rows={4} maxLength={NOTIFICATION_MAX} error={error} {...field} />
      <p className="text-right text-xs text-ink-subtle" aria-live="off">
        {formatCount(length)} / {formatCount(NOTIFICATION_MAX)}
      </p>
    </div>
  );
}

function ToOneMember() {
  const searchId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useDebouncedEffect(text, 300, setSearch);
  const choices = useMemberChoices(search);
  const [chosen, setChosen] = useState<BackofficeMember | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<{ userId: string; message: string }>({
    resolver: zodResolver(notifyMemberBody),
    defaultValues: { userId: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const message = form.watch('message');

  const choose = (member: BackofficeMember) => {
    setChosen(member);
    form.setValue('userId', member.id, { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(null);
    setRefusal(null);
    try {
      const res = await api('admin/notifications', messageResponse, { body: values });
      setSent(`${res.message} to ${chosen?.email ?? 'the member'}.`);
      form.reset({ userId: values.userId, message: '' });
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.message)
        form.setError('message', { message: error.body.fields.message });
      setRefusal(errorText(error));
    }
  });

  const list = choices.data?.data ?? [];
  return (
    <Panel title="To one member">
      <div>
        <label htmlFor={searchId} className={labelClass}>
          Find the member
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setSearch(text);
            }
          }}
          placeholder="E-mail or name"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          className={`${inputClass} py-2`}
        />
      </div>

      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Notify one member">
        <fieldset className="space-y-2" aria-describedby={errors.userId ? `${searchId}-choice-error` : undefined}>
          <legend className={labelClass}>Send to</legend>
          <p role="status" className="sr-only">
            {choices.isFetching ? 'Searching…' : choices.data ? `${list.length} found` : ''}
          </p>
          {search.trim() === '' ? (
            <p className="text-sm text-ink-subtle">
              {chosen ? '' : 'Type part of an e-mail address or name above, then choose the member.'}
            </p>
          ) : choices.isError && !choices.data ? (
            <LoadError query={choices} title="The members could not be searched" />
          ) : choices.isPending ? (
            <p className="text-sm text-ink-muted">Searching…</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-ink-muted">No active member matches “{search.trim()}”.</p>
          ) : null}
          <ul className={`space-y-1 ${choices.isPlaceholderData ? 'opacity-60' : ''}`}>
            {/* The chosen member stays on the list while another search runs. */}
            {(chosen && !list.some((m) => m.id === chosen.id) ? [chosen, ...list] : list).map((member) => (
              <li key={member.id}>
                <label
                  className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ${
                    chosen?.id === member.id ? 'bg-primary-soft ring-primary' : 'ring-line hover:bg-sunken'
                  }`}
                >
                  <input
                    type="radio"
                    name="notify-member"
                    value={member.id}
                    checked={chosen?.id === member.id}
                    onChange={() => choose(member)}
                    className="size-4 accent-navy-800"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-ink">{member.name || 'No name'}</span>
                    <span className="block break-all text-xs text-ink-muted">{member.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {choices.data && choices.data.total > PICK_LIMIT ? (
            <p className="text-xs text-ink-subtle">
              {formatCount(choices.data.total)} match: type more of the address to narrow the list.
            </p>
          ) : null}
          <FieldError id={`${searchId}-choice-error`} message={errors.userId?.message} />
        </fieldset>

        <MessageField
          label="Message"
          error={errors.message?.message}
          length={message.length}
          {...form.register('message')}
        />
        <FormAlert>{refusal}</FormAlert>
        <StatusLine>{sent}</StatusLine>
        <div className="flex justify-end">
          <Button type="submit" busy={isSubmitting}>
            Send notification
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function ToEveryMember() {
  const count = useActiveMemberCount();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const form = useForm<{ message: string }>({ resolver: zodResolver(notifyAllBody), defaultValues: { message: '' } });
  const { errors } = form.formState;
  const message = form.watch('message');
  const reach =
    count.data === undefined
      ? 'every active member'
      : `${formatCount(count.data)} active member${count.data === 1 ? '' : 's'}`;

  // The form checks the message; the dialog asks once more before it goes to everyone.
  const onSubmit = form.handleSubmit(() => {
    setSent(null);
    setRefusal(null);
    setConfirming(true);
  });

  const send = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const res = await api('admin/notifications/all', notifyAllResponse, {
        body: { message: form.getValues('message') },
      });
      setConfirming(false);
      setSent(`${res.message}.`);
      form.reset({ message: '' });
      void queryClient.invalidateQueries({ queryKey: ['members', 'active-count'] });
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.body.fields?.message)
        form.setError('message', { message: error.body.fields.message });
      setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="To every member">
      <p className="text-sm text-ink-muted">
        Goes to {reach}: not to blocked members, nor to administrators.
        {count.isError ? ' (How many could not be counted.)' : ''}
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Notify every member">
        <MessageField
          label="Message"
          error={errors.message?.message}
          length={message.length}
          {...form.register('message')}
        />
        <FormAlert>{refusal}</FormAlert>
        <StatusLine>{sent}</StatusLine>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary">
            Send to every member…
          </Button>
        </div>
      </form>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Send to every member?"
        description={`${reach[0]?.toUpperCase()}${reach.slice(1)} get this in their bell, at once on their open screens. It cannot be taken back.`}
        size="md"
        initialFocus={cancel}
      >
        <div className="space-y-4">
          <blockquote className="max-h-48 overflow-auto rounded-lg bg-sunken p-3 text-sm whitespace-pre-wrap break-words text-ink">
            {message.trim()}
          </blockquote>
          <div className="flex flex-wrap justify-end gap-2">
            <Button ref={cancel} variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void send()}>
              Send to every member
            </Button>
          </div>
        </div>
      </Modal>
    </Panel>
  );
}
