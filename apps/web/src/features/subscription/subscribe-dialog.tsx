import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { compare } from '@vault/contract/money';
import {
  type SubscribeResponse,
  type SubscriptionPlan,
  subscribeBody,
  subscribeResponse,
} from '@vault/contract/schemas/subscriptions';
import type { UserInfoResponse } from '@vault/contract/schemas/user';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../lib/api';
import { useMoneyConfirm } from '../../lib/money-post';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { ConfirmStep, DoneStep, NoteStep, type QBalance, SettleStep } from './subscribe-steps';

type Step =
  | { kind: 'note' }
  | { kind: 'settle'; short: boolean }
  | { kind: 'confirm'; isRenewable: boolean }
  | { kind: 'done'; message: string };

const TITLES: Record<Step['kind'], string> = {
  note: 'Before you subscribe',
  settle: 'Choose how to settle',
  confirm: messages.subscriptionConfirm,
  done: 'Subscribed',
};

/**
 * Subscribing to one plan (spec 2 §2, §4, §5): the note, the settlement dialog, "Are you sure you want this
 * Subscription?", then POST /subscription through the money poster (one Idempotency-Key per attempt, kept
 * across a retry after no answer, so a retry never pays twice). The answer's user (isSubscriber) replaces the
 * cached one; the wallet and the lists refetch. One dialog whose steps replace each other, so the focus never
 * leaves it between them.
 */
export function SubscribeDialog({
  plan,
  open,
  onOpenChange,
  balance,
}: {
  plan: SubscriptionPlan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balance: QBalance;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'note' });
  const { submitting, confirm } = useMoneyConfirm();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  // Each opening starts at the note.
  useEffect(() => {
    if (open) setStep({ kind: 'note' });
  }, [open]);

  // The focus follows the step: Continue on the note, the first choice, Cancel on the question (Enter pressed
  // twice must not pay), the answer itself at the end.
  useEffect(() => {
    if (!open) return;
    if (step.kind === 'done') doneRef.current?.focus();
    else buttonRef.current?.focus();
  }, [step, open]);

  if (!plan) return null;
  const close = () => onOpenChange(false);

  const choose = (isRenewable: boolean) => {
    // Spec 2 §5: the Q balance must be at least the price. Unknown balance: the server checks it anyway.
    if (balance && compare(balance.amount, plan.priceQ) < 0) {
      setStep({ kind: 'settle', short: true });
      return;
    }
    setStep({ kind: 'confirm', isRenewable });
  };

  const refused = (error: ApiError) => {
    close();
    // Spec 2 §8: the server's words in an error toast; the membership gate also sends the member to /profile.
    toast.error(errorText(error));
    if (error.body.code === ErrorCode.MEMBERSHIP_REQUIRED) navigate('/profile');
    // A balance or an activation that changed meanwhile: what the screen shows is refreshed.
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
  };

  const commit = (isRenewable: boolean) => {
    // The server decides the price and the period; paymentAmount is sent as the spec's client sends it.
    const body = subscribeBody.parse({
      planId: plan._id,
      isRenewable,
      type: 'nativeToken',
      paymentAmount: plan.priceQ,
    });
    void confirm('subscription', body, {
      done: (raw: unknown) => {
        const answer: SubscribeResponse = subscribeResponse.parse(raw);
        queryClient.setQueryData<UserInfoResponse>(queryKeys.userInfo, (old) =>
          old ? { ...old, user: answer.user } : old,
        );
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
        void queryClient.invalidateQueries({ queryKey: ['transactions'] });
        setStep({ kind: 'done', message: answer.message });
      },
      refused,
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !submitting && onOpenChange(next)}
      title={TITLES[step.kind]}
      size="md"
      initialFocus={step.kind === 'done' ? doneRef : buttonRef}
    >
      {step.kind === 'note' ? (
        <NoteStep
          plan={plan}
          focusRef={buttonRef}
          onContinue={() => setStep({ kind: 'settle', short: false })}
          onCancel={close}
        />
      ) : step.kind === 'settle' ? (
        <SettleStep
          plan={plan}
          balance={balance}
          short={step.short}
          focusRef={buttonRef}
          onChoose={choose}
          onBack={() => setStep({ kind: 'note' })}
        />
      ) : step.kind === 'confirm' ? (
        <ConfirmStep
          plan={plan}
          isRenewable={step.isRenewable}
          submitting={submitting}
          focusRef={buttonRef}
          onCommit={() => commit(step.isRenewable)}
          onCancel={close}
        />
      ) : (
        <DoneStep message={step.message} focusRef={doneRef} onClose={close} />
      )}
    </Modal>
  );
}
