import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { revokeSessionsBody, revokeSessionsResponse } from '@vault/contract/schemas/backoffice';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../components/form-alert';
import { ApiError, api } from '../../lib/api';
import { memberKey } from './queries';

/**
 * "End all sessions": a confirmation dialog with the reason it is done for (required, kept in the audit log);
 * the member is signed out on every device at once. Says how many sessions ended.
 */
export function EndSessions({
  memberId,
  email,
  count,
  onDone,
}: {
  memberId: string;
  email: string;
  count: number;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(revokeSessionsBody), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await api(`admin/members/${encodeURIComponent(memberId)}/sessions/revoke`, revokeSessionsResponse, {
        body: values,
      });
      setOpen(false);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: memberKey(memberId) });
      onDone(`${res.message} (${res.data.revoked} ended).`);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.reason)
        form.setError('reason', { message: error.body.fields.reason });
      setRefusal(errorText(error));
    }
  });

  return (
    <>
      <Button variant="secondary" size="sm" disabled={count === 0} onClick={() => setOpen(true)}>
        End all sessions
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRefusal(null);
        }}
        title="End all sessions?"
        description={`${email} is signed out on every device at once (${count} open session${count === 1 ? '' : 's'}). They can sign in again.`}
        size="sm"
      >
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="End all sessions">
          <FormAlert>{refusal}</FormAlert>
          <TextArea
            label="Reason (kept in the audit log)"
            rows={3}
            maxLength={500}
            error={errors.reason?.message}
            {...form.register('reason')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={isSubmitting}>
              End all sessions
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
