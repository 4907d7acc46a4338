import { messages } from '@vault/contract/messages';
import { type SubscriptionPlan, VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { Button, ButtonLink } from '@vault/ui/button';
import { Card, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useCurrencyInfo } from '../../lib/wallet-data';
import { CurrentSubscriptions } from './current-subscriptions';
import { PlanCards } from './plan-cards';
import { useCurrentSubscriptions, usePlans } from './queries';
import { SubscribeDialog } from './subscribe-dialog';
import type { QBalance } from './subscribe-steps';

/**
 * /subscription (spec 2 §2 Subscriptions, issue 16): the plans offered, each with Subscribe, and the member's
 * current subscriptions with Cancel Subscription; buttons to the history and to the current list. Behind the
 * membership data gate (the route sits in RequireMembership); subscribing also needs an activated vault.
 */
export function SubscriptionPage() {
  const { info } = useSession();
  const plans = usePlans();
  const current = useCurrentSubscriptions();
  const currency = useCurrencyInfo();
  const [chosen, setChosen] = useState<SubscriptionPlan | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const currentHeading = useRef<HTMLHeadingElement>(null);

  const q = currency.data?.nativeWallets.find((w) => w.coinSymbol === VAULT_CURRENCY);
  const balance: QBalance = q ? { amount: q.balance, decimals: q.decimals } : null;
  const activated = (currency.data?.user ?? info?.user)?.isWalletActivated ?? false;

  const subscribe = (plan: SubscriptionPlan) => {
    // Spec 2 §5: only an activated vault subscribes (the server says the same if this is stale).
    if (!activated) {
      toast.error(messages.activateFirst, { id: 'activate-first' });
      return;
    }
    setChosen(plan);
    setDialogOpen(true);
  };

  const showCurrent = () => {
    currentHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    currentHeading.current?.focus({ preventScroll: true });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">Subscription</h1>
          <p className="mt-1 text-sm text-ink-muted">
            Choose a plan and settle it in vault dollars ({VAULT_CURRENCY}), once or as a recurring subscription. A
            subscription lets you acquire opportunity tokens.
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={showCurrent}>
            Current Subscriptions
          </Button>
          <ButtonLink to="/subscription-history" variant="secondary">
            Subscription History
          </ButtonLink>
        </div>
      </div>

      {/* Said before the member picks a plan, not only when they press Subscribe (spec 2 §5). */}
      {currency.data && !activated ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning ring-1 ring-warning/20">
          <p>{messages.activateFirst}: subscriptions are paid from an activated vault.</p>
          <ButtonLink to="/vault-token" variant="secondary" size="sm">
            Member Activation
          </ButtonLink>
        </div>
      ) : null}

      <section aria-labelledby="plans-heading" className="space-y-3">
        <h2 id="plans-heading" className="text-lg font-semibold text-ink">
          Plans
        </h2>
        {plans.isPending ? (
          <Card>
            <LoadingRows label="Loading the plans…" count={3} />
          </Card>
        ) : !plans.data ? (
          <Card>
            <LoadError query={plans} title="The plans could not be loaded" />
          </Card>
        ) : plans.data.length === 0 ? (
          <EmptyState icon="box" className={cardSurface}>
            No plans are offered at the moment. Please come back later.
          </EmptyState>
        ) : (
          <>
            {plans.isError ? <RefreshError query={plans} what="The plans" /> : null}
            <PlanCards plans={plans.data} current={current.data ?? []} onSubscribe={subscribe} />
          </>
        )}
      </section>

      <CurrentSubscriptions query={current} headingRef={currentHeading} />

      <SubscribeDialog plan={chosen} open={dialogOpen} onOpenChange={setDialogOpen} balance={balance} />
    </div>
  );
}
