import { messages } from '@vault/contract/messages';
import { VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { Button, ButtonLink } from '@vault/ui/button';
import { Card, cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CoverImage } from '../../components/cover-image';
import { useSession } from '../../lib/session';
import { useCurrencyInfo } from '../../lib/wallet-data';
import { AcquireDialog } from './acquire-dialog';
import { day, price, units } from './format';
import { useAcquireGate, useMember } from './gates';
import { PoolHistory } from './pool-history';
import { usePools } from './queries';

/**
 * /silent-wave?pool=<id>, mode 1 (spec 2 §2): one pool's details (picture, title, name, description,
 * royalties, due date, units left of the total, price per unit, the member's units to 2 decimals), Acquire
 * ("Get Units Now") and Exchange (the sell listing, /silent-wave?mode=sell&pool=<id>), and its Opportunity
 * Ledger. The pool is read from the list (GET /nft-token), which the realtime bridge refreshes.
 */
export function PoolPage() {
  const [params] = useSearchParams();
  const poolId = params.get('pool') ?? '';
  const { info } = useSession();
  const pools = usePools();
  const currency = useCurrencyInfo();
  const member = useMember();
  const gate = useAcquireGate();
  const navigate = useNavigate();
  const [acquiring, setAcquiring] = useState(false);

  const pool = pools.data?.find((p) => p._id === poolId);
  const q = currency.data?.nativeWallets.find((w) => w.coinSymbol === VAULT_CURRENCY);

  const back = (
    <ButtonLink to="/marketplace" variant="link" className="text-sm">
      Back to CQR Vest
    </ButtonLink>
  );

  if (pools.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <Card>
          <LoadingRows label="Loading the opportunity…" />
        </Card>
      </div>
    );
  }
  if (!pools.data) {
    return (
      <div className="space-y-6">
        {back}
        <Card>
          <LoadError query={pools} title="The opportunity could not be loaded" />
        </Card>
      </div>
    );
  }
  if (!pool) {
    return (
      <div className="space-y-6">
        {back}
        <h1 className="text-2xl font-semibold text-ink">Opportunity</h1>
        <EmptyState icon="coins" className={cardClass} action={{ label: 'See the opportunities', to: '/marketplace' }}>
          {messages.acquirePoolUnknown}.
        </EmptyState>
      </div>
    );
  }

  const acquire = () => {
    if (gate()) setAcquiring(true);
  };
  const exchange = () => {
    if (!member?.isWalletActivated) navigate('/error');
    else navigate(`/silent-wave?mode=sell&pool=${encodeURIComponent(pool._id)}`);
  };

  return (
    <div className="space-y-6">
      {back}
      {pools.isError ? <RefreshError query={pools} what="The opportunity" /> : null}
      <section aria-labelledby="pool-heading" className={`${cardClass} space-y-5`}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <CoverImage url={pool.image} name={pool.name} className="size-24" />
          <div className="min-w-0 flex-1">
            <h1 id="pool-heading" className="text-2xl font-semibold break-words text-ink">
              {pool.title}
            </h1>
            <p className="text-ink-muted break-words">{pool.name}</p>
            {pool.description ? (
              <p className="mt-2 text-sm whitespace-pre-line break-words text-ink-muted">{pool.description}</p>
            ) : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
          <Fact term="Your units" value={units(pool.balance)} strong />
          <Fact term="Price per unit" value={price(pool.pricePerShare)} />
          <Fact term="Remaining units" value={`${units(pool.remainingSupply)} of ${units(pool.totalSupply)}`} />
          <Fact term="Due date" value={day(pool.dueDate)} />
          {pool.royalties ? (
            <div className="col-span-2 lg:col-span-4">
              <dt className="text-ink-subtle">Royalties</dt>
              <dd className="whitespace-pre-line break-words text-ink">{pool.royalties}</dd>
            </div>
          ) : null}
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={acquire}>Acquire</Button>
          <Button variant="secondary" onClick={exchange}>
            Exchange
          </Button>
        </div>
      </section>
      {info ? <PoolHistory poolId={pool._id} me={info.user._id} /> : null}
      <AcquireDialog pool={pool} qBalance={q?.balance ?? null} open={acquiring} onOpenChange={setAcquiring} />
    </div>
  );
}

function Fact({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-ink-subtle">{term}</dt>
      <dd className={`tabular-nums text-ink ${strong ? 'text-lg font-semibold' : 'font-medium'}`}>{value}</dd>
    </div>
  );
}
