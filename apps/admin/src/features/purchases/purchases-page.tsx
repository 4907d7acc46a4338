import { Button } from '@vault/ui/button';
import { useSearchParams } from 'react-router';
import { ProviderEventsList } from './provider-events-list';
import { PurchasesList } from './purchases-list';
import { type PurchasesState, readState, stateParams } from './queries';

/** What a tab of the screen gets: the filters and page in the address, and how to change them. */
export type TabProps = { state: PurchasesState; update: (patch: Partial<PurchasesState>) => void };

/**
 * /admin/purchases (issue 13 item 5): every purchase by method and state — online ones with the provider's
 * reference and state and, after a charge-back, what was taken back and what is owed — and the provider
 * events received (verified or refused and why, processed or not, the order, the payload). "Needs attention":
 * charged back with a debt, or an event of it unprocessed or refused. Read only; filters and page in the address.
 */
export function PurchasesPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const update = (patch: Partial<PurchasesState>) => setParams(stateParams({ ...state, ...patch }));

  return (
    <section aria-labelledby="purchases-title" className="space-y-4">
      <h1 id="purchases-title" className="text-2xl font-semibold text-ink">
        Purchases
      </h1>
      <div role="tablist" aria-label="Purchases" className="flex gap-2 border-b border-line pb-2">
        {(
          [
            ['purchases', 'Purchases'],
            ['events', 'Provider events'],
          ] as const
        ).map(([tab, label]) => (
          <Button
            key={tab}
            role="tab"
            size="sm"
            aria-selected={state.tab === tab}
            variant={state.tab === tab ? 'primary' : 'secondary'}
            onClick={() => update({ tab, page: 1 })}
          >
            {label}
          </Button>
        ))}
      </div>
      {state.tab === 'purchases' ? (
        <PurchasesList state={state} update={update} />
      ) : (
        <ProviderEventsList state={state} update={update} />
      )}
    </section>
  );
}
