import { messages } from '@vault/contract/messages';
import { type SubscriptionPlan, VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { Button, ButtonLink } from '@vault/ui/button';
import { LineIcon } from '@vault/ui/line-icon';
import type { ReactNode, Ref } from 'react';
import { grouped, usd } from '../../lib/money-format';

/**
 * The steps of the subscribe dialog (spec 2 §2 Subscriptions): the note, the settlement (Recurring or One
 * time, paid in vault dollars), the confirmation and the answer. Each takes the ref of what gets the focus
 * when it appears; the dialog (subscribe-dialog.tsx) moves between them.
 */

/** '25.00 Q': plans are priced to the cent, and 1 Q = 1 USD. */
export const qText = (amount: string) => `${grouped(amount, 2)} ${VAULT_CURRENCY}`;

/** What one period is called in a sentence ('each month'). */
const EACH: Record<SubscriptionPlan['duration'], string> = {
  month: 'each month',
  quarter: 'each quarter',
  year: 'each year',
  lifetime: 'once',
};

/** The member's Q wallet as the settlement step shows it, null while unknown. */
export type QBalance = { amount: string; decimals: number } | null;

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">{children}</div>;
}

/** "A note modal appears before subscribing": what subscribing means, before any choice. */
export function NoteStep({
  plan,
  focusRef,
  onContinue,
  onCancel,
}: {
  plan: SubscriptionPlan;
  focusRef: Ref<HTMLButtonElement>;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const lifetime = !plan.offersRecurring;
  return (
    <>
      <p className="text-sm text-ink">
        <span className="font-semibold">{plan.title}</span> costs{' '}
        <span className="font-semibold tabular-nums">{qText(plan.priceQ)}</span> ({usd(plan.priceUSD)}){' '}
        {EACH[plan.duration]}, paid in vault dollars from your Q wallet (1 Q = 1 USD).
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-muted">
        <li>While you are subscribed, you can acquire opportunity tokens.</li>
        {lifetime ? (
          <li>A lifetime plan is paid once and never ends, so it cannot be cancelled.</li>
        ) : (
          <>
            <li>
              Recurring renews at the end of each period from your Q balance: keep enough Q in your vault. One time ends
              at the end of the period.
            </li>
            <li>You can cancel at any time: it will not renew, and you keep access until the period you paid ends.</li>
          </>
        )}
      </ul>
      <Actions>
        <Button ref={focusRef} onClick={onContinue}>
          Continue
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </>
  );
}

/**
 * The settlement dialog: Recurring or One time (only One time for a lifetime plan: offersRecurring), settled
 * by vault dollars. A balance below the price is said here, before the question (spec 2 §5).
 */
export function SettleStep({
  plan,
  balance,
  short,
  focusRef,
  onChoose,
  onBack,
}: {
  plan: SubscriptionPlan;
  balance: QBalance;
  /** The Q balance is below the price: 'Insufficient balance'. */
  short: boolean;
  focusRef: Ref<HTMLButtonElement>;
  onChoose: (isRenewable: boolean) => void;
  onBack: () => void;
}) {
  const choices = [
    ...(plan.offersRecurring
      ? [
          {
            renewable: true,
            name: 'Recurring',
            note: `Paid now, then renewed ${EACH[plan.duration]} until you cancel.`,
          },
        ]
      : []),
    {
      renewable: false,
      name: 'One time',
      note: plan.offersRecurring ? 'Paid now for one period; it ends then.' : 'Paid once; the plan never ends.',
    },
  ];
  return (
    <>
      <div className="rounded-xl bg-canvas px-4 py-3 text-sm">
        <p className="font-semibold text-ink">Settlement: vault dollars ({VAULT_CURRENCY})</p>
        <p className="text-ink-muted">
          {qText(plan.priceQ)} from your Q wallet
          {balance ? (
            <>
              {' '}
              · balance{' '}
              <span className="font-semibold text-ink tabular-nums">
                {grouped(balance.amount, balance.decimals)} {VAULT_CURRENCY}
              </span>
            </>
          ) : null}
        </p>
      </div>
      {short ? (
        <div role="alert" className="mt-3 rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          <p className="font-semibold">{messages.insufficientBalance}</p>
          <p className="mt-1 text-ink-muted">
            Top up your vault so that your Q balance is at least {qText(plan.priceQ)}, then subscribe again.{' '}
            <ButtonLink to="/vault-token" variant="link" className="text-sm">
              Top-Up
            </ButtonLink>
          </p>
        </div>
      ) : null}
      <ul className="mt-4 space-y-2" aria-label="Payment">
        {choices.map((choice, i) => (
          <li key={choice.name}>
            <button
              type="button"
              ref={i === 0 ? focusRef : undefined}
              onClick={() => onChoose(choice.renewable)}
              className="flex w-full items-center justify-between gap-3 rounded-xl border border-line px-4 py-3 text-left hover:border-primary hover:bg-primary-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{choice.name}</span>
                <span className="block text-sm text-ink-muted">{choice.note}</span>
              </span>
              <LineIcon path="M9 6l6 6-6 6" className="size-5 shrink-0 text-ink-subtle" />
            </button>
          </li>
        ))}
      </ul>
      {plan.offersRecurring ? null : (
        <p className="mt-3 text-sm text-ink-muted">A lifetime plan is paid once: Recurring is not offered.</p>
      )}
      <Actions>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </Actions>
    </>
  );
}

/** "Are you sure you want this Subscription?" with what is about to be paid; Commit / Cancel. */
export function ConfirmStep({
  plan,
  isRenewable,
  submitting,
  focusRef,
  onCommit,
  onCancel,
}: {
  plan: SubscriptionPlan;
  isRenewable: boolean;
  submitting: boolean;
  focusRef: Ref<HTMLButtonElement>;
  onCommit: () => void;
  onCancel: () => void;
}) {
  const lines = [
    { term: 'Plan', value: `${plan.title} · ${plan.durationLabel}` },
    { term: 'Price', value: `${qText(plan.priceQ)} · ${usd(plan.priceUSD)}` },
    { term: 'Payment', value: isRenewable ? 'Recurring' : 'One time' },
    { term: 'Settlement', value: `Vault dollars (${VAULT_CURRENCY})` },
  ];
  return (
    <>
      <dl className="divide-y divide-line rounded-xl bg-canvas px-4 text-sm">
        {lines.map((line) => (
          <div key={line.term} className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-ink-subtle">{line.term}</dt>
            <dd className="min-w-0 break-words text-right font-medium text-ink tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        {qText(plan.priceQ)} {isRenewable ? `is paid now and ${EACH[plan.duration]} until you cancel.` : 'is paid now.'}
      </p>
      <Actions>
        <Button onClick={onCommit} busy={submitting}>
          Commit
        </Button>
        {/* Focused first: Enter pressed twice must not pay. */}
        <Button ref={focusRef} variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </Actions>
    </>
  );
}

/** The server's answer, focused so a screen reader reads it. */
export function DoneStep({
  message,
  focusRef,
  onClose,
}: {
  message: string;
  focusRef: Ref<HTMLParagraphElement>;
  onClose: () => void;
}) {
  return (
    <>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-success-soft">
          <LineIcon path="M5 13l4 4L19 7" className="size-5 text-success" />
        </span>
        <p ref={focusRef} tabIndex={-1} className="pt-2 text-sm font-medium text-ink outline-none">
          {message}
        </p>
      </div>
      <Actions>
        <Button onClick={onClose}>Done</Button>
      </Actions>
    </>
  );
}
