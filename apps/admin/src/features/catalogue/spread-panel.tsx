import { swapSpreadBody } from '@vault/contract/schemas/swap';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { type FormEvent, useState } from 'react';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatPercent } from './format';
import { useSetSpread, useSwapSpread } from './queries';

/**
 * The swap spread: the share of what a member receives that every swap quote keeps (quotes already given
 * keep theirs). Everyone who reads the catalogue sees it; owners set it.
 */
export function SpreadPanel({ mayManage }: { mayManage: boolean }) {
  const spread = useSwapSpread();
  const save = useSetSpread();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    const parsed = swapSpreadBody.safeParse({ swapSpreadPercent: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const res = await save.mutateAsync(parsed.data.swapSpreadPercent);
      setValue('');
      setDone(`${res.message}: ${formatPercent(res.data.swapSpreadPercent)}.`);
    } catch (e) {
      if (e instanceof ApiError && e.body.fields?.swapSpreadPercent) setError(e.body.fields.swapSpreadPercent);
      setRefusal(errorText(e));
    }
  }

  return (
    <section aria-labelledby="spread-heading" className={`${cardClass} space-y-4`}>
      <div className="space-y-1">
        <h2 id="spread-heading" className="text-lg font-semibold text-ink">
          Swap spread
        </h2>
        <p className="max-w-2xl text-sm text-ink-muted">
          Kept from what members receive in every swap quote; quotes already given keep theirs.
        </p>
      </div>
      {spread.isPending ? (
        <p role="status" className="h-8 w-32 animate-pulse rounded-sm bg-sunken">
          <span className="sr-only">Loading the spread…</span>
        </p>
      ) : spread.isError ? (
        <LoadError query={spread} title="The spread could not be loaded" />
      ) : (
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-2xl font-semibold text-ink tabular-nums" data-testid="swap-spread">
            {formatPercent(spread.data.swapSpreadPercent)}
          </span>
          <span className="text-xs text-ink-subtle">
            default {formatPercent(spread.data.defaultPercent)}, at most {formatPercent(spread.data.maxPercent)}
          </span>
        </p>
      )}
      <StatusLine>{done}</StatusLine>
      {mayManage ? (
        <form noValidate onSubmit={submit} aria-label="Set the swap spread" className="space-y-3">
          <FormAlert>{refusal}</FormAlert>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              label="New spread (%)"
              className="w-full sm:w-48"
              inputMode="decimal"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error}
            />
            <Button type="submit" variant="secondary" className="shrink-0 sm:mt-6" busy={save.isPending}>
              Set spread
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
