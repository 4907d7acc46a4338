import type { SubscriptionPlan, UserSubscription } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { LineIcon } from '@vault/ui/line-icon';
import { TokenIcon } from '../../components/token-icon';
import { usd } from '../../lib/money-format';
import { qText } from './subscribe-steps';
import { formatDay } from './subscription-text';

/**
 * The plan cards of /subscription (spec 2 §2): logo, title, the value in vault currency and in USD, the
 * duration ('Monthly') and Subscribe. A plan the member already holds says until when instead: the server
 * allows one current subscription per plan, so offering it again would only lead to a refusal.
 */
export function PlanCards({
  plans,
  current,
  onSubscribe,
}: {
  plans: SubscriptionPlan[];
  current: UserSubscription[];
  onSubscribe: (plan: SubscriptionPlan) => void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Plans">
      {plans.map((plan, i) => (
        <PlanCard
          key={plan._id}
          plan={plan}
          held={current.find((s) => s.planId === plan._id)}
          // docs/ui.md: in a list of equal actions only the first is the gold one.
          primary={i === 0}
          onSubscribe={() => onSubscribe(plan)}
        />
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  held,
  primary,
  onSubscribe,
}: {
  plan: SubscriptionPlan;
  held: UserSubscription | undefined;
  primary: boolean;
  onSubscribe: () => void;
}) {
  const titleId = `plan-${plan._id}`;
  const heldId = `plan-${plan._id}-held`;
  return (
    <li aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-4`} data-testid="plan-card">
      <div className="flex items-start gap-3">
        <TokenIcon url={plan.logo} symbol={plan.title.slice(0, 1)} size="size-11 text-xs" />
        <div className="min-w-0">
          <h3 id={titleId} className="break-words font-semibold text-ink">
            {plan.title}
          </h3>
          <span className="mt-1 inline-flex rounded-full bg-sunken px-2 py-0.5 text-xs font-semibold text-ink-muted">
            {plan.durationLabel}
          </span>
        </div>
      </div>
      <dl className="space-y-1">
        <div>
          <dt className="sr-only">Value in vault currency</dt>
          <dd className="text-2xl font-bold text-ink tabular-nums">{qText(plan.priceQ)}</dd>
        </div>
        <div className="flex gap-1 text-sm text-ink-muted">
          <dt>Value in USD:</dt>
          <dd className="font-medium tabular-nums">{usd(plan.priceUSD)}</dd>
        </div>
      </dl>
      <div className="mt-auto space-y-2">
        {/* Above the button, so the buttons of a row of cards stay level. */}
        {held ? (
          <p id={heldId} className="text-xs text-ink-subtle">
            {held.renewOn
              ? `${held.isCancelled || !held.isRenewable ? 'Yours until' : 'Renews on'} ${formatDay(held.renewOn)}`
              : 'Yours for life'}
          </p>
        ) : null}
        {/* One button that changes in place, and aria-disabled rather than disabled once subscribed: closing the
            dialog gives the focus back to it, which a new or disabled element would lose. */}
        {held ? (
          <Button
            variant="secondary"
            className="w-full cursor-default text-success hover:bg-surface"
            aria-disabled="true"
            aria-describedby={heldId}
          >
            <LineIcon path="M5 13l4 4L19 7" className="size-4" />
            Subscribed
          </Button>
        ) : (
          <Button
            variant={primary ? 'primary' : 'secondary'}
            className="w-full"
            aria-haspopup="dialog"
            aria-describedby={titleId}
            onClick={onSubscribe}
          >
            Subscribe
          </Button>
        )}
      </div>
    </li>
  );
}
