import { messages } from '@vault/contract/messages';
import type { CatalogueAsset } from '@vault/contract/schemas/catalogue-admin';
import { type PricePoint, SPARKLINE_RANGES, setPriceBody } from '@vault/contract/schemas/wallet';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { Modal } from '@vault/ui/modal';
import { type FormEvent, useState } from 'react';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { formatUsd } from './format';
import PriceChart from './price-chart';
import { assetLabel, usePriceHistory, useSetPrice } from './queries';

type Range = (typeof SPARKLINE_RANGES)[number];
const RANGE_NAMES: Record<Range, string> = {
  1: 'the last day',
  7: 'the last 7 days',
  30: 'the last 30 days',
  90: 'the last 90 days',
};

/**
 * A token's or coin's price: the current one, its history over 1, 7, 30 or 90 days (the members' graph), and
 * for owners Set price, after which the graph shows the new point at once (and members' open screens value
 * their holdings anew). Liquidity tokens are pegged: their price is shown, never set.
 */
export function PriceDialog({
  asset,
  mayManage,
  onClose,
}: {
  asset: CatalogueAsset;
  mayManage: boolean;
  onClose: () => void;
}) {
  const history = usePriceHistory(asset.coinSymbol);
  const setPrice = useSetPrice();
  const [days, setDays] = useState<Range>(7);
  const [price, setPriceText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const points: PricePoint[] = history.data ? history.data[`spark_line_${days}_day`] : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    const parsed = setPriceBody.safeParse({ coinSymbol: asset.coinSymbol, price });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.invalidAmount);
      return;
    }
    setError(undefined);
    try {
      const res = await setPrice.mutateAsync(parsed.data);
      setPriceText('');
      setDone(`${res.message}: ${formatUsd(res.data.price)} for ${asset.coinSymbol}.`);
    } catch (e) {
      if (e instanceof ApiError && e.body.fields?.price) setError(e.body.fields.price);
      setRefusal(errorText(e));
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`${assetLabel(asset)} price`}
      size="lg"
    >
      <div className="space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p>
            <span className="block text-sm text-ink-muted">Current price</span>
            <span className="block text-2xl font-semibold text-ink tabular-nums" data-testid="current-price">
              {formatUsd(asset.price)}
            </span>
            <span className="block text-xs text-ink-subtle">
              {asset.priceFixed
                ? messages.liquidityPriceFixed
                : asset.priceSetAt
                  ? `Set ${formatDateTime(asset.priceSetAt)}`
                  : 'Never set here'}
            </span>
          </p>
          <fieldset className="flex rounded-lg bg-sunken p-1">
            <legend className="sr-only">Range of the graph</legend>
            {SPARKLINE_RANGES.map((range) => (
              <button
                key={range}
                type="button"
                aria-pressed={days === range}
                title={`Show ${RANGE_NAMES[range]}`}
                onClick={() => setDays(range)}
                className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${
                  days === range ? 'bg-navy-900 text-on-dark shadow-sm' : 'text-ink-muted hover:text-ink'
                }`}
              >
                {range}D
              </button>
            ))}
          </fieldset>
        </div>

        <div className="h-64">
          {history.isPending ? (
            <div aria-busy="true" className="h-full animate-pulse rounded-xl bg-sunken">
              <p role="status" className="sr-only">
                Loading the price history…
              </p>
            </div>
          ) : history.isError ? (
            <LoadError query={history} title="The price history could not be loaded" centered className="h-full" />
          ) : points.length === 0 ? (
            <EmptyState icon="chart" className="h-full justify-center">
              No prices were recorded in {RANGE_NAMES[days]}.
            </EmptyState>
          ) : (
            <PriceChart
              points={points}
              days={days}
              color={asset.coinColor}
              label={`${asset.coinSymbol} price over ${RANGE_NAMES[days]}`}
            />
          )}
        </div>

        <StatusLine>{done}</StatusLine>
        {mayManage && !asset.priceFixed ? (
          <form noValidate onSubmit={submit} aria-label={`Set the price of ${asset.coinSymbol}`} className="space-y-3">
            <FormAlert>{refusal}</FormAlert>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <TextField
                label="New price (USD)"
                className="min-w-0 flex-1"
                inputMode="decimal"
                autoComplete="off"
                value={price}
                onChange={(e) => setPriceText(e.target.value)}
                error={error}
              />
              <Button type="submit" className="shrink-0 sm:mt-6" busy={setPrice.isPending}>
                Set price
              </Button>
            </div>
            <p className="text-xs text-ink-subtle">
              Recorded in the history and the audit log; members’ open screens value their holdings at it at once.
            </p>
          </form>
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}
