import { type AdminPlan, retirePlanBody } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { ReasonModal } from '../../components/reason-dialog';
import { formatCount } from '../../lib/format';
import { useMay } from '../../lib/session';
import { type PlansState, plansParams, readPlansState } from './describe';
import { PlanDialog } from './plan-dialog';
import { PlanTable } from './plan-table';
import { PlanTabs } from './plan-tabs';
import { retirePlan, usePlans, useRefreshPlans } from './queries';
import { Failed, Subscribers, Upcoming } from './renewal-lists';

const NO_PLANS: AdminPlan[] = [];

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

      <PlanTabs value={state.tab} onChoose={(tab) => update({ tab, plan: null, page: 1 })} />
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
