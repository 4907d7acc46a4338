import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useState } from 'react';
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
  refresh,
  onDone,
  disabled,
  ...modal
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
  return (
    <>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ReasonModal
        {...modal}
        open={open}
        onClose={() => setOpen(false)}
        formLabel={label}
        submitLabel={label}
        onSent={async (message) => {
          setOpen(false);
          await refresh?.();
          onDone(message);
        }}
      />
    </>
  );
}

/**
 * The dialog itself, opened by its owner: `children` (more fields, above the reason), the reason (checked by
 * `schema`), Cancel and `submitLabel`. `send` does the action and returns the message to report; `onSent`
 * gets it (and closes the dialog). A refusal stays in the dialog with what was typed; the server's word on
 * the reason goes under the field.
 */
export function ReasonModal({
  open,
  onClose,
  title,
  description,
  formLabel,
  submitLabel,
  submitVariant = 'danger',
  reasonLabel,
  schema,
  send,
  onSent,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  submitVariant?: 'danger' | 'primary';
  reasonLabel: string;
  schema: z.ZodType<ReasonBody, ReasonBody>;
  send: (values: ReasonBody) => Promise<string>;
  onSent: (message: string) => void | Promise<void>;
  children?: ReactNode;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReasonBody>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    setRefusal(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const message = await send(values);
      form.reset();
      await onSent(message);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.reason)
        form.setError('reason', { message: error.body.fields.reason });
      setRefusal(errorText(error));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={title}
      description={description}
      size="sm"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={formLabel}>
        <FormAlert>{refusal}</FormAlert>
        {children}
        <TextArea
          label={reasonLabel}
          rows={3}
          maxLength={500}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} busy={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
