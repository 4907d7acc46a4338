import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { LoadError, type Retryable } from '@vault/ui/load-error';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api';
import { FormAlert, StatusLine } from './form-alert';

/** What the setting's query gives (TanStack Query's result has it all). */
type SettingQuery<T> = Retryable & { data: T | undefined; isPending: boolean; isError: boolean };

/** The form that sets the value, for those who may: a field checked by the contract's schema, then the call. */
export type SingleValueForm<K extends string> = {
  /** The form's accessible name: "Set the swap spread". */
  label: string;
  /** The body's one field (`swapSpreadPercent`): the schema checks `{ [field]: value }`, the server's field message goes under it. */
  field: K;
  schema: z.ZodType<Record<K, string>>;
  fieldLabel: string;
  fieldClassName: string;
  submitLabel: string;
  busy: boolean;
  /** Sends the checked value; answers what to report once it is saved. */
  save: (value: string) => Promise<string>;
};

/**
 * One setting with a single value (the swap spread, the maker-checker threshold): the current value (a
 * placeholder while it loads, the load error with Try again), the last save's report, and for those who may
 * change it a field with its button. A refusal stays above the form with what was typed; the server's word
 * on the field goes under it.
 */
export function SingleValueSetting<T, K extends string>({
  query,
  loadingText,
  errorTitle,
  current,
  form,
}: {
  query: SettingQuery<T>;
  /** Said to screen readers while the value loads: "Loading the spread…". */
  loadingText: string;
  errorTitle: string;
  current: (data: T) => ReactNode;
  form?: SingleValueForm<K> | undefined;
}) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      {query.isPending ? (
        <p role="status" className="h-8 w-32 animate-pulse rounded-sm bg-sunken">
          <span className="sr-only">{loadingText}</span>
        </p>
      ) : query.isError || query.data === undefined ? (
        <LoadError query={query} title={errorTitle} />
      ) : (
        current(query.data)
      )}
      <StatusLine>{done}</StatusLine>
      {form ? <ValueForm form={form} onSaving={() => setDone(null)} onDone={setDone} /> : null}
    </>
  );
}

function ValueForm<K extends string>({
  form,
  onSaving,
  onDone,
}: {
  form: SingleValueForm<K>;
  onSaving: () => void;
  onDone: (text: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    onSaving();
    const parsed = form.schema.safeParse({ [form.field]: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const text = await form.save(parsed.data[form.field]);
      setValue('');
      onDone(text);
    } catch (e) {
      const field = e instanceof ApiError ? e.body.fields?.[form.field] : undefined;
      if (field) setError(field);
      setRefusal(errorText(e));
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={form.label} className="space-y-3">
      <FormAlert>{refusal}</FormAlert>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={form.fieldLabel}
          className={form.fieldClassName}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
        <Button type="submit" variant="secondary" className="shrink-0 sm:mt-6" busy={form.busy}>
          {form.submitLabel}
        </Button>
      </div>
    </form>
  );
}
