import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { compare, isAmount, multiply } from '@vault/contract/money';
import {
  type AcquireBody,
  acquireAmount,
  acquireCreated,
  type OpportunityToken,
} from '@vault/contract/schemas/opportunities';
import { z } from '@vault/contract/zod';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../lib/api';
import { decimalGuard } from '../../lib/decimal-input';
import { useMoneyConfirm } from '../../lib/money-post';
import { toast } from '../../lib/toast';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { price, units } from './format';

/** The total in Q of `amount` units at the pool's price, to the cent (as the server prices it), or null. */
export const totalOf = (amount: string, pricePerShare: string) => {
  const typed = amount.trim();
  return acquireAmount.safeParse(typed).success && isAmount(pricePerShare) ? multiply(typed, pricePerShare, 2) : null;
};

/**
 * Number of Units with the checks of spec 2 §5 "Acquire units", in its order: empty, negative and the
 * contract's form of a number of units here; then (onSubmit, on a valid number) more than the pool has left
 * ('Enter number of share not available') and more Q than the wallet holds ('insufficient balance'). The last
 * two are the server's too, made under lock: what it says lands on the same field.
 */
const acquireForm = z.object({ amount: acquireAmount });

type Values = { amount: string };

/**
 * "Get Units Now" (spec 2 §2): the number of units, the total in Q, the note that the treasury reviews the
 * request (units arrive 3-4 working days after an administrator approves it), Submit. The request goes
 * through the money poster (an Idempotency-Key per attempt, kept across a retry after no answer: one request
 * however often Submit is pressed); the server holds the Q and reserves the units at once.
 */
export function AcquireDialog({
  pool,
  qBalance,
  open,
  onOpenChange,
}: {
  pool: OpportunityToken;
  /** The member's spendable Q, or null while it is not known (the server checks anyway). */
  qBalance: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { submitting, confirm } = useMoneyConfirm();
  const form = useForm<Values>({ resolver: zodResolver(acquireForm), defaultValues: { amount: '' } });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const total = totalOf(amount ?? '', pool.pricePerShare);
  const field = form.register('amount');
  const [onAmount] = useState(() => decimalGuard(8, field.onChange));

  const close = (next: boolean) => {
    if (submitting) return;
    if (!next) form.reset({ amount: '' });
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    const amount = values.amount.trim();
    const refuse = (message: string) => form.setError('amount', { message }, { shouldFocus: true });
    if (compare(amount, pool.remainingSupply) > 0) return refuse(messages.acquireSharesNotAvailable);
    if (qBalance !== null && compare(multiply(amount, pool.pricePerShare, 2), qBalance) > 0) {
      return refuse(messages.acquireInsufficientBalance);
    }
    const body: AcquireBody = {
      assetPool: pool._id,
      amount: values.amount.trim(),
      price: multiply(values.amount.trim(), pool.pricePerShare, 2),
      paymentMethod: 'nativeToken',
    };
    return confirm('nft-purchase-request/create-new-request', body, {
      done: (answer) => {
        const { message } = acquireCreated.parse(answer);
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
        form.reset({ amount: '' });
        onOpenChange(false);
        toast.success(message);
      },
      refused: (error: ApiError) => {
        if (error.body.code === ErrorCode.SUBSCRIPTION_REQUIRED) {
          onOpenChange(false);
          toast.error(messages.notSubscribed, { id: 'not-subscribed' });
          navigate('/subscription');
        } else if (error.body.code === ErrorCode.NOT_ACTIVATED) {
          onOpenChange(false);
          navigate('/error');
        } else {
          // The pool's units or the Q changed since the page loaded: show what is true now.
          void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
          form.setError('amount', { message: error.body.fields?.amount ?? errorText(error) }, { shouldFocus: true });
        }
      },
    });
  });

  return (
    <Modal open={open} onOpenChange={close} title="Get Units Now">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-ink-muted">
          <span className="font-semibold text-ink">{pool.title}</span>: {units(pool.remainingSupply)} units left at{' '}
          {price(pool.pricePerShare)} per unit.
        </p>
        <TextField
          label="Number of Units"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={form.formState.errors.amount?.message}
          {...field}
          onChange={onAmount}
        />
        <div className="flex items-baseline justify-between gap-3 rounded-lg bg-sunken px-3 py-2 text-sm">
          <span className="text-ink-muted">Total price</span>
          <span className="font-semibold tabular-nums text-ink" aria-live="polite">
            {total === null ? '—' : `${units(total)} Q`}
          </span>
        </div>
        <p className="text-xs text-ink-subtle">
          Paid with your CQR Dollars (Q){qBalance === null ? '' : `: you have ${units(qBalance)} Q`}. The treasury
          reviews your request; the units arrive in your vault 3-4 working days after an administrator approves it.
          Until then the Q is held for it.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" busy={submitting}>
            Submit
          </Button>
          <Button variant="secondary" onClick={() => close(false)} disabled={submitting}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
