import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type AdminPlan, retirePlanBody } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { FilterButtons } from '../../components/filter-buttons';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { ReasonModal } from '../../components/reason-dialog';
import { formatCount } from '../../lib/format';
import { useMay } from '../../lib/session';
import {
  PLAN_TABS,
  type PlansState,
  type PlanTab,
  planStatus,
  plansParams,
  priceQ,
  priceUsd,
  readPlansState,
  SUBSCRIBER_FILTER_LABELS,
  SUBSCRIBER_FILTERS,
  TAB_LABELS,
  UPCOMING_WINDOWS,
  type UpcomingWindow,
} from './describe';
import { PlanDialog } from './plan-dialog';
import { PlanLogo } from './plan-logo';
import {
  retirePlan,
  useFailedRenewals,
  usePlanSubscribers,
  usePlans,
  useRefreshPlans,
  useUpcomingRenewals,
} from './queries';
import { SubscriptionsList } from './subscriptions-list';

const NO_PLANS: AdminPlan[] = [];
const WINDOW_LABELS = Object.fromEntries(UPCOMING_WINDOWS.map((d) => [String(d), `Next ${d} days`])) as Record<
  string,
  string
>;

/**
 * /admin/plans (issue 16 items 1 and 7): the subscription plans with their price (USD, paid as the same number
 * of Q), duration, state and subscribers; a plan's subscribers, paged; the renewals coming up and the renewals
 * that failed for lack of Q. Every administrator reads them (`members.read`); owners (`plans.manage`) create,
 * edit and retire plans, a retirement confirmed with a reason. The tab, the plan opened and the page are in
 * the address.
 */
export function PlansPage() {
  const [params, setParams] = useSearchParams();
  const state = readPlansState(params);
  const update = (patch: Partial<PlansState>) => setParams(plansParams({ ...state, ...patch }));
  const mayManage = useMay('plans.manage');
  const plans = usePlans();
  const refresh = useRefreshPlans();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminPlan | null>(null);
  const data = plans.data;
  const opened = state.plan ? (data?.find((p) => p._id === state.plan) ?? null) : null;

  return (
    <section aria-labelledby="plans-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 id="plans-title" className="text-2xl font-semibold text-ink">
            Plans
          </h1>
          {data ? (
            <p className="text-sm text-ink-muted">
              {formatCount(data.filter((p) => !p.retiredAt).length)} offered ·{' '}
              {formatCount(data.filter((p) => p.retiredAt).length)} retired
            </p>
          ) : null}
        </div>
        {mayManage ? <Button onClick={() => setEditing('new')}>New plan</Button> : null}
      </div>
      <p className="max-w-3xl text-sm text-ink-muted">
        Subscription plans members pay in Q (1 Q = 1 USD). A retired plan is no longer offered; its subscribers keep it
        until their paid period ends.{mayManage ? '' : ' Only owners create, edit and retire plans.'}
      </p>

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />

      <Tabs value={state.tab} onChoose={(tab) => update({ tab, plan: null, page: 1 })} />
      <div role="tabpanel" id="plans-panel" aria-labelledby={`plans-tab-${state.tab}`} className="space-y-4">
        {state.tab === 'plans' && state.plan ? (
          <Subscribers state={state} update={update} plan={opened} plans={plans} />
        ) : state.tab === 'plans' ? (
          <>
            {plans.isError && data ? <RefreshError query={plans} what="The plans" /> : null}
            {plans.isError && !data ? (
              <LoadError query={plans} title="The plans could not be loaded" className="py-6" />
            ) : (
              <PlanTable
                plans={data ?? NO_PLANS}
                loading={plans.isPending}
                mayManage={mayManage}
                onSubscribers={(plan) => update({ plan: plan._id, status: 'active', page: 1 })}
                onEdit={setEditing}
                onRetire={setRetiring}
                onNew={() => setEditing('new')}
              />
            )}
          </>
        ) : state.tab === 'upcoming' ? (
          <Upcoming state={state} update={update} />
        ) : (
          <Failed state={state} update={update} />
        )}
      </div>

      {editing ? (
        <PlanDialog
          key={editing === 'new' ? 'new' : editing._id}
          plan={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setOutcome({ tone: 'success', text });
          }}
        />
      ) : null}
      <ReasonModal
        open={retiring !== null}
        onClose={() => setRetiring(null)}
        title={retiring ? `Retire ${retiring.title}?` : 'Retire the plan?'}
        description={
          retiring
            ? `It is no longer offered to members. Its ${formatCount(retiring.subscribers)} current subscriber${retiring.subscribers === 1 ? '' : 's'} keep it until their paid period ends; it is not renewed. This cannot be undone.`
            : ''
        }
        formLabel="Retire plan"
        submitLabel="Retire plan"
        reasonLabel="Reason (kept in the audit log)"
        schema={retirePlanBody}
        send={async ({ reason }) => {
          const res = await retirePlan(retiring?._id ?? '', reason);
          return `${res.message}. ${res.data.title}.`;
        }}
        onSent={async (text) => {
          setRetiring(null);
          await refresh();
          setOutcome({ tone: 'success', text });
        }}
      />
    </section>
  );
}

/** The three tabs, a WAI-ARIA tab list: arrows, Home and End move between them (and show the tab). */
function Tabs({ value, onChoose }: { value: PlanTab; onChoose: (tab: PlanTab) => void }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const at = PLAN_TABS.indexOf(value);
    const next =
      event.key === 'ArrowRight'
        ? PLAN_TABS[(at + 1) % PLAN_TABS.length]
        : event.key === 'ArrowLeft'
          ? PLAN_TABS[(at + PLAN_TABS.length - 1) % PLAN_TABS.length]
          : event.key === 'Home'
            ? PLAN_TABS[0]
            : event.key === 'End'
              ? PLAN_TABS[PLAN_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChoose(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Plans and renewals" className="flex flex-wrap gap-2 border-b border-line pb-2">
      {PLAN_TABS.map((tab) => (
        <Button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          id={`plans-tab-${tab}`}
          role="tab"
          size="sm"
          aria-selected={value === tab}
          aria-controls="plans-panel"
          tabIndex={value === tab ? 0 : -1}
          variant={value === tab ? 'primary' : 'secondary'}
          onClick={() => onChoose(tab)}
          onKeyDown={onKeyDown}
        >
          {TAB_LABELS[tab]}
        </Button>
      ))}
    </div>
  );
}

/**
 * The plans, offered ones first (the server's order), each with its price, duration, state, current
 * subscribers and how many of them renew; Subscribers opens its list, owners Edit and Retire it.
 */
function PlanTable({
  plans,
  loading,
  mayManage,
  onSubscribers,
  onEdit,
  onRetire,
  onNew,
}: {
  plans: AdminPlan[];
  loading: boolean;
  mayManage: boolean;
  onSubscribers: (plan: AdminPlan) => void;
  onEdit: (plan: AdminPlan) => void;
  onRetire: (plan: AdminPlan) => void;
  onNew: () => void;
}) {
  const columns = useMemo<ColumnDef<AdminPlan>[]>(
    () => [
      {
        id: 'plan',
        header: 'Plan',
        cell: ({ row }) => {
          const plan = row.original;
          const status = planStatus(plan);
          return (
            <span className="flex min-w-0 items-center gap-3">
              <PlanLogo url={plan.logo} title={plan.title} />
              <span className="min-w-0">
                <span className="block font-semibold break-words text-ink">{plan.title}</span>
                <span className="block text-xs text-ink-subtle lg:hidden">{plan.durationLabel}</span>
                {/* On a phone the price, state and counts go here (their columns are hidden). */}
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted tabular-nums sm:hidden">
                  <span>
                    {priceUsd(plan.priceUSD)} · {priceQ(plan.priceQ)}
                  </span>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  <span className="whitespace-nowrap">{formatCount(plan.subscribers)} subscribers</span>
                  <span className="whitespace-nowrap">{formatCount(plan.recurring)} recurring</span>
                </span>
              </span>
            </span>
          );
        },
      },
      {
        id: 'price',
        header: () => <span className="block text-right">Price</span>,
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => (
          <span className="block whitespace-nowrap text-right tabular-nums">
            <span className="block font-medium text-ink" data-testid={`plan-price-${row.original._id}`}>
              {priceUsd(row.original.priceUSD)}
            </span>
            <span className="block text-xs text-ink-subtle">{priceQ(row.original.priceQ)}</span>
          </span>
        ),
      },
      {
        id: 'duration',
        header: 'Duration',
        meta: { className: 'hidden lg:table-cell' },
        cell: ({ row }) => row.original.durationLabel,
      },
      {
        id: 'status',
        header: 'Status',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => {
          const status = planStatus(row.original);
          return <Badge tone={status.tone}>{status.label}</Badge>;
        },
      },
      {
        id: 'subscribers',
        header: () => <span className="block text-right">Subscribers</span>,
        meta: { className: 'hidden sm:table-cell text-right tabular-nums' },
        cell: ({ row }) => formatCount(row.original.subscribers),
      },
      {
        id: 'recurring',
        header: () => <span className="block text-right">Recurring</span>,
        meta: { className: 'hidden md:table-cell text-right tabular-nums' },
        cell: ({ row }) => formatCount(row.original.recurring),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => {
          const plan = row.original;
          return (
            <span className="flex flex-col items-end gap-2 lg:flex-row lg:justify-end">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Subscribers of ${plan.title}`}
                onClick={() => onSubscribers(plan)}
              >
                Subscribers
              </Button>
              {mayManage ? (
                <Button variant="secondary" size="sm" aria-label={`Edit ${plan.title}`} onClick={() => onEdit(plan)}>
                  Edit
                </Button>
              ) : null}
              {mayManage && !plan.retiredAt ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Retire ${plan.title}`}
                  onClick={() => onRetire(plan)}
                >
                  Retire
                </Button>
              ) : null}
            </span>
          );
        },
      },
    ],
    [mayManage, onSubscribers, onEdit, onRetire],
  );
  const table = useReactTable({
    data: plans,
    columns,
    getRowId: (plan) => plan._id,
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <>
      <p role="status" className="sr-only">
        {loading ? 'Loading the plans…' : ''}
      </p>
      <DataTable
        table={table}
        caption="Subscription plans, offered ones first, cheapest first"
        loading={loading}
        skeletonRows={4}
        empty={
          <EmptyState icon="box" action={mayManage ? { label: 'New plan', onClick: onNew } : undefined}>
            No plan yet: members have nothing to subscribe to.
          </EmptyState>
        }
      />
    </>
  );
}

type TabProps = { state: PlansState; update: (patch: Partial<PlansState>) => void };

/** A plan's subscribers, current ones or all, newest first, paged; Back to the plans. */
function Subscribers({
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
function Upcoming({ state, update }: TabProps) {
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
function Failed({ state, update }: TabProps) {
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
