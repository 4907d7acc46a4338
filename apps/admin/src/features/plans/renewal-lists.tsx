import type { AdminPlan } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { FilterButtons } from '../../components/filter-buttons';
import { formatCount } from '../../lib/format';
import {
  type PlansState,
  priceQ,
  priceUsd,
  SUBSCRIBER_FILTER_LABELS,
  SUBSCRIBER_FILTERS,
  UPCOMING_WINDOWS,
  type UpcomingWindow,
} from './describe';
import { PlanLogo } from './plan-logo';
import { useFailedRenewals, usePlanSubscribers, type usePlans, useUpcomingRenewals } from './queries';
import { SubscriptionsList } from './subscriptions-list';

const WINDOW_LABELS = Object.fromEntries(UPCOMING_WINDOWS.map((d) => [String(d), `Next ${d} days`])) as Record<
  string,
  string
>;

type TabProps = { state: PlansState; update: (patch: Partial<PlansState>) => void };

/** A plan's subscribers, current ones or all, newest first, paged; Back to the plans. */
export function Subscribers({
  state,
  update,
  plan,
  plans,
}: TabProps & { plan: AdminPlan | null; plans: ReturnType<typeof usePlans> }) {
  const subscribers = usePlanSubscribers(state.plan, state);
  const title = plan?.title ?? (plans.isPending ? 'the plan' : 'an unknown plan');
  const label = SUBSCRIBER_FILTER_LABELS[state.status].toLowerCase();
  return (
    <section aria-labelledby="subscribers-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {plan ? <PlanLogo url={plan.logo} title={plan.title} size="size-10" /> : null}
          <div className="min-w-0">
            <h2 id="subscribers-title" className="text-lg font-semibold break-words text-ink">
              Subscribers of {title}
            </h2>
            {plan ? (
              <p className="text-sm text-ink-muted tabular-nums">
                {priceUsd(plan.priceUSD)} ({priceQ(plan.priceQ)}) {plan.durationLabel} ·{' '}
                {plan.retiredAt ? 'Retired' : 'Offered'} · {formatCount(plan.subscribers)} current,{' '}
                {formatCount(plan.recurring)} recurring
              </p>
            ) : null}
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={() => update({ plan: null, status: 'active', page: 1 })}>
          Back to the plans
        </Button>
      </div>
      <FilterButtons
        legend="Subscriptions shown"
        options={SUBSCRIBER_FILTERS}
        labels={SUBSCRIBER_FILTER_LABELS}
        value={state.status}
        onChoose={(status) => update({ status, page: 1 })}
      />
      <SubscriptionsList
        kind="subscribers"
        query={subscribers}
        state={state}
        update={update}
        caption={`Subscribers of ${title}: ${label}, newest first`}
        loading="Loading the subscribers…"
        errorTitle="The subscribers could not be loaded"
        pagerLabel="Subscribers"
        empty={
          <EmptyState
            icon="box"
            action={
              state.status === 'active'
                ? { label: 'Show ended ones too', onClick: () => update({ status: 'all' }) }
                : undefined
            }
          >
            {state.status === 'active' ? 'No current subscriber.' : 'Nobody has subscribed to this plan yet.'}
          </EmptyState>
        }
      />
    </section>
  );
}

/** Recurring subscriptions due within the window chosen (overdue ones too), soonest first. */
export function Upcoming({ state, update }: TabProps) {
  const upcoming = useUpcomingRenewals(state, true);
  return (
    <>
      <FilterButtons
        legend="Renewals due within"
        options={UPCOMING_WINDOWS.map(String)}
        labels={WINDOW_LABELS}
        value={String(state.days)}
        onChoose={(days) => update({ days: Number(days) as UpcomingWindow, page: 1 })}
      />
      <SubscriptionsList
        kind="upcoming"
        query={upcoming}
        state={state}
        update={update}
        caption={`Renewals due in the next ${state.days} days, soonest first`}
        loading="Loading the upcoming renewals…"
        errorTitle="The upcoming renewals could not be loaded"
        pagerLabel="Upcoming renewals"
        empty={<EmptyState icon="history">No recurring subscription renews in the next {state.days} days.</EmptyState>}
      />
      <p className="text-xs text-ink-subtle">
        Renewals are paid from the member’s Q by the renewal job, every 5 minutes, at the price they subscribed at.
      </p>
    </>
  );
}

/** Renewals the member's Q did not cover: in their 3-day grace (retried) or ended by it, newest first. */
export function Failed({ state, update }: TabProps) {
  const failed = useFailedRenewals(state, true);
  return (
    <>
      <p className="max-w-3xl text-sm text-ink-muted">
        A member whose Q does not cover a renewal keeps access for 3 days while the job tries again (a top-up renews the
        same period); then the subscription ends. Self-directed members’ subscriptions end at once.
      </p>
      <SubscriptionsList
        kind="failed"
        query={failed}
        state={state}
        update={update}
        caption="Failed renewals, newest first"
        loading="Loading the failed renewals…"
        errorTitle="The failed renewals could not be loaded"
        pagerLabel="Failed renewals"
        empty={<EmptyState icon="history">No renewal has failed.</EmptyState>}
      />
    </>
  );
}
