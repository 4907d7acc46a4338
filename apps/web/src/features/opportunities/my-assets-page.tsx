import { isAmount, multiply } from '@vault/contract/money';
import { ButtonLink } from '@vault/ui/button';
import { Card, cardClass, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { Link } from 'react-router';
import { CoverImage } from '../../components/cover-image';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from '../../lib/wallet-data';
import { day, price, units } from './format';

/**
 * /my-assets, My Opportunities (spec 2 §2): the member's units of each pool (currency info's nftWallets, to 2
 * decimals) with their price per unit, value and due date; each opens its pool (/silent-wave?pool=<id>), where
 * its Opportunity Ledger is. The currency info is the wallets' shared query, so it follows live updates.
 */
export function MyAssetsPage() {
  const currency = useCurrencyInfo();
  const wallets = currency.data?.nftWallets ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">My Opportunities</h1>
          <p className="mt-1 text-sm text-ink-muted">The opportunity token units in your vault.</p>
        </div>
        <ButtonLink to="/marketplace" variant="secondary">
          CQR Vest
        </ButtonLink>
      </div>
      {currency.isPending ? (
        <Card>
          <LoadingRows label="Loading your opportunities…" />
        </Card>
      ) : !currency.data ? (
        <Card>
          <LoadError query={currency} title={WALLETS_NOT_LOADED} />
        </Card>
      ) : wallets.length === 0 ? (
        <EmptyState
          icon="coins"
          className={cardSurface}
          action={{ label: 'See the opportunities', to: '/marketplace' }}
        >
          You hold no opportunity tokens yet. Units you acquire appear here.
        </EmptyState>
      ) : (
        <>
          {currency.isError ? <RefreshError query={currency} what="Your opportunities" /> : null}
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Your opportunity tokens">
            {wallets.map((wallet) => (
              <li key={wallet._id} className={`${cardClass} relative flex flex-col gap-4`}>
                <div className="flex items-start gap-4">
                  <CoverImage url={wallet.image} name={wallet.name} />
                  <div className="min-w-0">
                    {/* The link covers the card (after:), so a click anywhere opens the pool. */}
                    <Link
                      to={`/silent-wave?pool=${encodeURIComponent(wallet._id)}`}
                      className="font-semibold break-words text-ink after:absolute after:inset-0 after:content-[''] hover:underline"
                    >
                      {wallet.name}
                    </Link>
                    {wallet.description ? (
                      <p className="line-clamp-2 text-sm break-words text-ink-muted">{wallet.description}</p>
                    ) : null}
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <div>
                    <dt className="text-ink-subtle">Units</dt>
                    <dd className="text-lg font-semibold tabular-nums text-ink">{units(wallet.balance)}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-subtle">Value</dt>
                    <dd className="font-semibold tabular-nums text-ink">
                      {isAmount(wallet.balance) && isAmount(wallet.pricePerShare)
                        ? price(multiply(wallet.balance, wallet.pricePerShare, 2))
                        : '—'}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-ink-subtle">Price per unit</dt>
                    <dd className="tabular-nums text-ink">{price(wallet.pricePerShare)}</dd>
                  </div>
                  {wallet.dueDate ? (
                    <div>
                      <dt className="text-ink-subtle">Due date</dt>
                      <dd className="text-ink">{day(wallet.dueDate)}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
