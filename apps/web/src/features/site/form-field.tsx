import { messages } from '@vault/contract/messages';
import type { ComponentProps } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, api } from '../../lib/api';

type Common = { id: string; label: string; error?: string; hint?: string };

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';

function Message({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
      {error}
    </p>
  );
}

/** Labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ id, label, error, ...input }: Common & ComponentProps<'input'>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <Message id={id} error={error} />
    </div>
  );
}

export function TextArea({ id, label, error, ...input }: Common & ComponentProps<'textarea'>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={5}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <Message id={id} error={error} />
    </div>
  );
}

/** Puts the server's per-field messages (ApiError body.fields) under the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(err: ApiError, setError: UseFormSetError<T>, known: string[]) {
  for (const [field, message] of Object.entries(err.body.fields ?? {})) {
    if (known.includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}

export const submitClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-navy-800 px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-navy-900 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Posts a public form: the server's message as a success toast and a reset on success; on failure the
 * values stay, field messages go under their inputs and the server's message is toasted.
 */
export async function sendSiteForm<T extends FieldValues>(
  path: string,
  values: T,
  form: { setError: UseFormSetError<T>; reset: () => void },
) {
  try {
    const { message } = await api<{ message: string }>(path, { body: values });
    toast.success(message);
    form.reset();
  } catch (err) {
    if (err instanceof ApiError) {
      applyFieldErrors(err, form.setError, Object.keys(values));
      toast.error(err.message);
    } else {
      toast.error(messages.somethingWentWrong);
    }
  }
}
