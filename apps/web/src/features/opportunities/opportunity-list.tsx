import type { OpportunityToken } from '@vault/contract/schemas/opportunities';
import { Button, ButtonLink } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useNavigate } from 'react-router';
import { CoverImage } from '../../components/cover-image';
import { day, price, units } from './format';
import { useAcquireGate } from './gates';
import { usePools } from './queries';

/**
 * The opportunity list (spec 2 §2 "Opportunity tokens and marketplace"): a card per pool with its picture,
 * title, name, the units left, the price per unit, when it was updated and Get; My Opportunities goes to
 * /my-assets. It is the CQR Vest page's first tab (/marketplace), beside the members' ads. Get opens the pool at
 * /silent-wave?pool=<id> (the id in the address, so a reload shows it again) for an activated, subscribed
 * member; others go to /error or to /subscription with the spec's message.
 */
export function OpportunityList() {
  const pools = usePools();
  const gate = useAcquireGate();
  const navigate = useNavigate();
  const get = (pool: OpportunityToken) => {
    if (gate()) navigate(`/silent-wave?pool=${encodeURIComponent(pool._id)}`);
  };

  return (
    <section aria-labelledby="opportunities-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          {/* Its tab says it to the eye; the heading names the region for screen readers. */}
          <h2 id="opportunities-heading" className="sr-only">
            Opportunities
          </h2>
          <p className="text-sm text-ink-muted">
            Acquire units of an asset pool from the treasury: the treasury reviews each request.
          </p>
        </div>
        <ButtonLink to="/my-assets" variant="secondary" size="sm">
          My Opportunities
        </ButtonLink>
      </div>
      {pools.isPending ? (
        <Card>
          <LoadingRows label="Loading the opportunities…" />
        </Card>
      ) : !pools.data ? (
        <Card>
          <LoadError query={pools} title="The opportunities could not be loaded" />
        </Card>
      ) : pools.data.length === 0 ? (
        <EmptyState icon="coins" className={cardSurface}>
          No opportunities are offered at the moment. Please come back later.
        </EmptyState>
      ) : (
        <>
          {pools.isError ? <RefreshError query={pools} what="The opportunities" /> : null}
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {pools.data.map((pool) => (
              <li key={pool._id} className={`${cardSurface} flex flex-col gap-4 p-5`}>
                <div className="flex items-start gap-4">
                  <CoverImage url={pool.image} name={pool.name} />
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words text-ink">{pool.title}</h3>
                    <p className="text-sm break-words text-ink-muted">{pool.name}</p>
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <div>
                    <dt className="text-ink-subtle">Remaining units</dt>
                    <dd className="font-semibold tabular-nums text-ink">{units(pool.remainingSupply)}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-subtle">Price per unit</dt>
                    <dd className="font-semibold tabular-nums text-ink">{price(pool.pricePerShare)}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-ink-subtle">Updated</dt>
                    <dd className="text-ink">{day(pool.updatedAt)}</dd>
                  </div>
                </dl>
                <Button className="mt-auto w-full" aria-label={`Get ${pool.title}`} onClick={() => get(pool)}>
                  Get
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
