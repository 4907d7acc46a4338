import { CAROUSEL_INTERVAL_MS } from '@vault/contract/constants';
import type { NativeToken } from '@vault/contract/schemas/site';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { type ReactNode, useEffect, useState } from 'react';
import { isColor, TokenIcon } from '../../components/token-icon';
import { displayPrice } from '../../lib/money-format';
import { Icon } from './icons';
import { useItemsPerView } from './use-items-per-view';
import { useNativeTokens } from './use-native-tokens';

const typeLabel: Record<NativeToken['type'], string> = {
  liquidity: 'Liquidity token',
  asset: 'Asset token',
  sdira: 'Legacy token',
};

function TokenCard({ token }: { token: NativeToken }) {
  // The token's colour tints its type label (the label's text stays ink, whatever the tint).
  const color = isColor(token.coinColor) ? token.coinColor : 'var(--color-primary)';
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <TokenIcon url={token.icon?.url} symbol={token.displaySymbol} color={color} size="size-12 text-sm" />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-ink">{token.displayName}</h3>
          <p className="text-sm text-ink-subtle">{token.displaySymbol}</p>
        </div>
      </div>
      <p className="mt-4 text-2xl font-bold tabular-nums text-ink">
        <span className="sr-only">Price: </span>
        {displayPrice(token.price, { kind: 'native', multiplier: token.multiplier, decimals: token.decimals }).text}
      </p>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-ink-muted">{token.description}</p>
      <p className="mt-4">
        <span
          className="inline-block rounded-full px-2.5 py-1 text-xs font-medium text-ink"
          style={{ backgroundColor: `color-mix(in srgb, ${color} 14%, transparent)` }}
        >
          {typeLabel[token.type] ?? token.type}
        </span>
      </p>
    </article>
  );
}

function Skeleton({ count }: { count: number }) {
  return (
    <div className="flex gap-4" aria-busy="true">
      <p className="sr-only" role="status">
        Loading tokens…
      </p>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-60 flex-1 animate-pulse rounded-2xl border border-line bg-surface p-5">
          <div className="flex items-center gap-3">
            <div className="size-12 rounded-full bg-line" />
            <div className="h-4 w-28 rounded-sm bg-line" />
          </div>
          <div className="mt-6 h-7 w-32 rounded-sm bg-line" />
          <div className="mt-4 h-3 w-full rounded-sm bg-sunken" />
          <div className="mt-2 h-3 w-4/5 rounded-sm bg-sunken" />
        </div>
      ))}
    </div>
  );
}

const arrowClass =
  'flex size-10 items-center justify-center rounded-full border border-line-strong bg-surface text-ink shadow-sm transition hover:bg-sunken disabled:opacity-40';

/**
 * Native tokens from the server, 1/2/3 at a time by viewport, auto-advancing every 5 s (spec 1 §9).
 * Follows the WAI-ARIA carousel pattern: it stops while hovered or focused and has a pause button.
 */
export function TokenCarousel() {
  const { data, isPending, isError, error, refetch, isFetching } = useNativeTokens();
  const perView = useItemsPerView();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  const count = data?.length ?? 0;
  const last = Math.max(0, count - perView);
  const current = Math.min(index, last);
  const rotating = !hovered && !focused && !stopped && last > 0;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (Math.min(i, last) >= last ? 0 : i + 1)), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, last]);

  const go = (i: number) => setIndex(i < 0 ? last : i > last ? 0 : i);

  let body: ReactNode;
  if (isPending) {
    body = <Skeleton count={perView} />;
  } else if (isError) {
    body = (
      <div className="rounded-2xl border border-danger/20 bg-danger-soft p-6 text-center">
        <p className="font-medium text-danger">We could not load the token prices.</p>
        <p className="mt-1 text-sm text-danger">{error.message}</p>
        <Button variant="secondary" onClick={() => refetch()} disabled={isFetching} className="mt-4">
          {isFetching ? 'Retrying…' : 'Try again'}
        </Button>
      </div>
    );
  } else if (count === 0) {
    body = (
      <EmptyState
        icon="coins"
        action={{ label: 'Ask us about tokens', to: '/contact-us' }}
        className="rounded-2xl border border-dashed border-line-strong bg-surface px-6"
      >
        No tokens are listed right now. Please check back soon.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className="-mx-2 overflow-hidden">
          <div
            aria-live={rotating ? 'off' : 'polite'}
            className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
            style={{ transform: `translateX(-${(current * 100) / perView}%)` }}
          >
            {data.map((t, i) => {
              const visible = i >= current && i < current + perView;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a slide is a group in the WAI-ARIA carousel pattern, not a fieldset
                <div
                  key={t._id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}: ${t.displayName}`}
                  aria-hidden={!visible}
                  inert={!visible}
                  className="shrink-0 px-2"
                  style={{ flexBasis: `${100 / perView}%` }}
                >
                  <TokenCard token={t} />
                </div>
              );
            })}
          </div>
        </div>

        {last > 0 && (
          <div className="mt-6 flex items-center justify-center gap-3">
            <button type="button" className={arrowClass} onClick={() => setStopped((s) => !s)}>
              <Icon name={stopped ? 'play' : 'pause'} />
              <span className="sr-only">{stopped ? 'Start automatic rotation' : 'Stop automatic rotation'}</span>
            </button>
            <button type="button" className={arrowClass} onClick={() => go(current - 1)}>
              <Icon name="chevronLeft" />
              <span className="sr-only">Previous tokens</span>
            </button>
            <div className="flex items-center gap-1">
              {Array.from({ length: last + 1 }, (_, i) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position
                  key={i}
                  type="button"
                  onClick={() => go(i)}
                  aria-current={i === current ? 'true' : undefined}
                  className="group flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-full transition-all ${
                      i === current ? 'w-6 bg-primary' : 'w-2.5 bg-line-strong group-hover:bg-ink-subtle'
                    }`}
                  />
                  <span className="sr-only">Show from token {i + 1}</span>
                </button>
              ))}
            </div>
            <button type="button" className={arrowClass} onClick={() => go(current + 1)}>
              <Icon name="chevronRight" />
              <span className="sr-only">Next tokens</span>
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="token-carousel-title"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="mb-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Native tokens</p>
        <h2 id="token-carousel-title" className="mt-2 text-3xl font-bold text-ink sm:text-4xl">
          Today's token prices
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-ink-muted">
          Every token in the vault, from the Q vault dollar to silver and gold, priced live by the vault.
        </p>
      </div>
      {body}
    </section>
  );
}
