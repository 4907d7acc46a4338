import { messages } from '@vault/contract/messages';
import { MARKETPLACE_FILTERS, type MarketplaceFilter } from '@vault/contract/schemas/marketplace';
import { FieldError, inputClass, labelClass } from '@vault/ui/field';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ListingFilter } from './queries';

/** Spec 2 §9: search waits 2000 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 2000;

export const SORT_LABELS: Record<MarketplaceFilter, string> = {
  recently_listed: 'Recently listed',
  price_low_to_high: 'Value: low to high',
  price_high_to_low: 'Value: high to low',
};

/** A value bound as the listing takes it: empty (none) or digits with at most 8 decimals. */
const validBound = (v: string) => v === '' || /^\d{1,12}(\.\d{1,8})?$/.test(v);

/**
 * Acquire mode's search (keyword), value filter (price_from / price_to, in Q per unit) and sort. What is
 * typed applies 2000 ms after the last keystroke (spec 2 §9), or at once with Enter; the sort applies when
 * chosen. A bound that is not a number says so under its field and is not applied.
 */
export function ListingFilters({
  applied,
  onApply,
}: {
  applied: ListingFilter;
  onApply: (next: ListingFilter) => void;
}) {
  const id = useId();
  const [keyword, setKeyword] = useState(applied.keyword);
  const [priceFrom, setPriceFrom] = useState(applied.priceFrom);
  const [priceTo, setPriceTo] = useState(applied.priceTo);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fromOk = validBound(priceFrom.trim());
  const toOk = validBound(priceTo.trim());

  const apply = (next: Partial<ListingFilter> = {}) => {
    clearTimeout(timer.current);
    const from = priceFrom.trim();
    const to = priceTo.trim();
    onApply({
      keyword: keyword.trim(),
      priceFrom: validBound(from) ? from : applied.priceFrom,
      priceTo: validBound(to) ? to : applied.priceTo,
      filter: applied.filter,
      ...next,
    });
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // Typing waits for a pause of SEARCH_DEBOUNCE_MS before the list asks the server again.
  useEffect(() => {
    const same =
      keyword.trim() === applied.keyword &&
      priceFrom.trim() === applied.priceFrom &&
      priceTo.trim() === applied.priceTo;
    if (same) return;
    timer.current = setTimeout(() => applyRef.current(), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [keyword, priceFrom, priceTo, applied.keyword, applied.priceFrom, applied.priceTo]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };

  return (
    <form aria-label="Search the ads" onSubmit={onSubmit} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-keyword`} className={labelClass}>
          Search
        </label>
        <input
          id={`${id}-keyword`}
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="Token, opportunity or description"
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          Value from (Q)
        </label>
        <input
          id={`${id}-from`}
          inputMode="decimal"
          value={priceFrom}
          onChange={(e) => setPriceFrom(e.target.value)}
          placeholder="0.00"
          aria-invalid={fromOk ? undefined : true}
          aria-describedby={fromOk ? undefined : `${id}-from-error`}
          className={inputClass}
        />
        <FieldError id={`${id}-from-error`} message={fromOk ? undefined : messages.marketplacePriceBoundInvalid} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          Value to (Q)
        </label>
        <input
          id={`${id}-to`}
          inputMode="decimal"
          value={priceTo}
          onChange={(e) => setPriceTo(e.target.value)}
          placeholder="Any"
          aria-invalid={toOk ? undefined : true}
          aria-describedby={toOk ? undefined : `${id}-to-error`}
          className={inputClass}
        />
        <FieldError id={`${id}-to-error`} message={toOk ? undefined : messages.marketplacePriceBoundInvalid} />
      </div>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-sort`} className={labelClass}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={applied.filter}
          onChange={(e) => apply({ filter: e.target.value as MarketplaceFilter })}
          className={inputClass}
        >
          {MARKETPLACE_FILTERS.map((f) => (
            <option key={f} value={f}>
              {SORT_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      {/* Enter applies at once; the button is for those who look for one. */}
      <button
        type="submit"
        className="sr-only rounded-lg bg-primary px-3 py-2 text-sm font-semibold text-on-primary focus:not-sr-only"
      >
        Search
      </button>
    </form>
  );
}
