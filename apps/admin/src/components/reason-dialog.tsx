import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../lib/api';
import { FormAlert } from './form-alert';

type ReasonBody = { reason: string };

/**
 * A button that opens a confirmation dialog asking for the reason an action is done for (required, checked by
 * the contract's `schema`), then Cancel / a danger `label` button. `send` does the action and returns the
 * message to report: the dialog closes, clears the reason, `refresh` runs, and `onDone` gets the message. A refusal stays in
 * the dialog; the server's word on the reason goes under the field.
 */
export function ReasonDialog({
  label,
  title,
  description,
  reasonLabel,
  schema,
  send,
  refresh,
  onDone,
  disabled,
}: {
  /** The button that opens the dialog, the dialog's submit button, and the form's accessible name. */
  label: string;
  title: string;
  description: string;
  reasonLabel: string;
  schema: z.ZodType<ReasonBody, ReasonBody>;
  send: (values: ReasonBody) => Promise<string>;
  /** After a success, before `onDone`: ask again for what the action changed. */
  refresh?: () => Promise<unknown>;
  onDone: (message: string) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReasonBody>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const message = await send(values);
      setOpen(false);
      form.reset();
      await refresh?.();
      onDone(message);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.reason)
        form.setError('reason', { message: error.body.fields.reason });
      setRefusal(errorText(error));
    }
  });

  return (
    <>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRefusal(null);
        }}
        title={title}
        description={description}
        size="sm"
      >
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={label}>
          <FormAlert>{refusal}</FormAlert>
          <TextArea
            label={reasonLabel}
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
              {label}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
