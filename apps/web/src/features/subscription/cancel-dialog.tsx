import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { cancelSubscriptionResponse, type UserSubscription } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { useRef } from 'react';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { subscriptionKeys } from './queries';
import { formatDay } from './subscription-text';

/**
 * "Are you sure you want to cancel your subscription?" with Cancel Subscription / Back (spec 2 §2). Back has
 * the focus first: Enter pressed twice must not cancel. POST /subscription/cancel/{id} moves no money (the
 * period is paid already), so it is an ordinary call. The answer's row replaces the listed one at once (its
 * cancel button goes), and the server's message (access until it expires) goes to `onCancelled`.
 */
export function CancelDialog({
  subscription,
  open,
  onOpenChange,
  onCancelled,
}: {
  subscription: UserSubscription | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const backRef = useRef<HTMLButtonElement>(null);
  const cancel = useMutation({
    mutationFn: async (id: string) =>
      cancelSubscriptionResponse.parse(await api(`subscription/cancel/${encodeURIComponent(id)}`, { method: 'POST' })),
    onSuccess: (answer) => {
      queryClient.setQueryData<UserSubscription[]>(subscriptionKeys.current, (rows) =>
        rows?.map((row) => (row._id === answer.data._id ? answer.data : row)),
      );
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.current });
      onOpenChange(false);
      onCancelled(answer.message);
    },
    onError: (error) => {
      onOpenChange(false);
      toast.error(errorText(error));
      // Already cancelled or ended elsewhere: the list shows what is true now.
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.current });
    },
  });

  if (!subscription) return null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}
      title={messages.subscriptionCancelConfirm}
      size="sm"
      initialFocus={backRef}
    >
      <p className="text-sm text-ink-muted">
        <span className="font-semibold text-ink">{subscription.plan.title}</span> will not renew.
        {subscription.renewOn ? ` You keep access until ${formatDay(subscription.renewOn)}.` : ''}
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate(subscription._id)}>
          Cancel Subscription
        </Button>
        <Button ref={backRef} variant="secondary" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
          Back
        </Button>
      </div>
    </Modal>
  );
}
