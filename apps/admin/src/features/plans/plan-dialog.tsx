import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@vault/contract/messages';
import { compare, toFixed } from '@vault/contract/money';
import { BUILT_IN_ICONS } from '@vault/contract/schemas/catalogue-admin';
import {
  type AdminPlan,
  type CreatePlanBody,
  createPlanBody,
  DURATION_LABEL,
  PLAN_DURATIONS,
  type UpdatePlanBody,
  updatePlanBody,
} from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { FieldError, inputClass, labelClass, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useId, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { priceQ, priceUsd } from './describe';
import { PlanLogo } from './plan-logo';
import { useCreatePlan, useUpdatePlan } from './queries';

/** What an edit may change: the contract's fields of a new plan but the duration, fixed once made. */
const editPlanForm = createPlanBody.omit({ duration: true });
type EditValues = z.output<typeof editPlanForm>;
type FormValues = { title: string; logo: string; priceUSD: string; duration?: string };

/** A built-in icon's name: its file's ("XAU"). */
const iconName = (url: string) => (url.slice(url.lastIndexOf('/') + 1).replace(/\.\w+$/, '') || url).toUpperCase();

/**
 * Owners: a new plan (title, logo, price in USD, duration) or an existing one's title, logo and price (only
 * what changed is sent). The contract's schemas check the form first, in the server's words; the server's
 * field messages go under their fields. A new price applies to new subscriptions only, as the dialog says.
 */
export function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  /** The plan to edit; none: a new plan. */
  plan?: AdminPlan;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={plan ? `Edit ${plan.title}` : 'New plan'}
      description={
        plan
          ? 'A new price applies to new subscriptions; current subscribers renew at the price they agreed to.'
          : 'Members pay it in Q, the vault currency (1 Q = 1 USD). The duration cannot change once the plan is made.'
      }
      size="lg"
    >
      {plan ? (
        <EditForm plan={plan} onClose={onClose} onSaved={onSaved} />
      ) : (
        <CreateForm onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function CreateForm({ onClose, onSaved }: { onClose: () => void; onSaved: (message: string) => void }) {
  const create = useCreatePlan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof createPlanBody>, unknown, CreatePlanBody>({
    resolver: zodResolver(createPlanBody),
    defaultValues: { title: '', logo: BUILT_IN_ICONS[0], priceUSD: '', duration: 'month' },
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await create.mutateAsync(values);
      onSaved(`${res.message}: ${res.data.title}, ${priceUsd(res.data.priceUSD)} ${res.data.durationLabel}.`);
    } catch (error) {
      setRefusal(refusalOf(error, form as never));
    }
  });
  return (
    <PlanFields form={form as unknown as UseFormReturn<FormValues>} refusal={refusal} onSubmit={submit}>
      <Actions onClose={onClose} busy={create.isPending} label="Create plan" />
    </PlanFields>
  );
}

function EditForm({
  plan,
  onClose,
  onSaved,
}: {
  plan: AdminPlan;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const update = useUpdatePlan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof editPlanForm>, unknown, EditValues>({
    resolver: zodResolver(editPlanForm),
    defaultValues: { title: plan.title, logo: plan.logo, priceUSD: toFixed(plan.priceUSD, 2) },
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const changed: UpdatePlanBody = {};
    if (values.title !== plan.title) changed.title = values.title;
    if (values.logo !== plan.logo) changed.logo = values.logo;
    if (compare(values.priceUSD, plan.priceUSD) !== 0) changed.priceUSD = values.priceUSD;
    const body = updatePlanBody.safeParse(changed);
    if (!body.success) {
      setRefusal(body.error.issues[0]?.message ?? messages.catalogueNothingToChange);
      return;
    }
    try {
      const res = await update.mutateAsync({ id: plan._id, body: body.data });
      onSaved(`${res.message}: ${res.data.title}, ${priceUsd(res.data.priceUSD)} ${res.data.durationLabel}.`);
    } catch (error) {
      setRefusal(refusalOf(error, form as never));
    }
  });
  return (
    <PlanFields
      form={form as unknown as UseFormReturn<FormValues>}
      refusal={refusal}
      onSubmit={submit}
      duration={plan.durationLabel}
    >
      <Actions onClose={onClose} busy={update.isPending} label="Save changes" />
    </PlanFields>
  );
}

/** A refusal's words above the form; the server's field messages under their fields. */
function refusalOf(error: unknown, form: UseFormReturn<FormValues>) {
  if (error instanceof ApiError && error.body.fields) {
    for (const [name, message] of Object.entries(error.body.fields)) {
      if (name in form.getValues()) form.setError(name as keyof FormValues, { message });
    }
  }
  return errorText(error);
}

function Actions({ onClose, busy, label }: { onClose: () => void; busy: boolean; label: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {label}
      </Button>
    </div>
  );
}

/**
 * The plan's fields: title, price (with the Q it comes to), the duration (chosen for a new plan, shown for an
 * existing one) and the logo: one of the icons the member app ships, or a path of this site typed in.
 */
function PlanFields({
  form,
  refusal,
  onSubmit,
  duration,
  children,
}: {
  form: UseFormReturn<FormValues>;
  refusal: string | null;
  onSubmit: () => void;
  /** An existing plan's duration label (fixed); none: the duration is chosen. */
  duration?: string;
  children: React.ReactNode;
}) {
  const ids = { duration: useId(), price: useId(), help: useId() };
  const { errors } = form.formState;
  const logo = form.watch('logo');
  const title = form.watch('title');
  const price = form.watch('priceUSD');
  const typed = createPlanBody.shape.priceUSD.safeParse(price);
  const pricePreview = typed.success ? `Members pay ${priceQ(typed.data)}.` : '';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={duration ? 'Edit plan' : 'New plan'}>
      <FormAlert>{refusal}</FormAlert>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          autoComplete="off"
          maxLength={100}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <div>
          <TextField
            id={ids.price}
            label="Price (USD)"
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={errors.priceUSD ? `${ids.price}-error ${ids.help}` : ids.help}
            error={errors.priceUSD?.message}
            {...form.register('priceUSD')}
          />
          <p id={ids.help} className="mt-1 text-xs text-ink-subtle" aria-live="polite">
            {pricePreview || 'Up to 2 decimals. Paid in Q: 1 Q = 1 USD.'}
          </p>
        </div>
      </div>

      {duration ? (
        <p className="text-sm">
          <span className="font-medium text-ink">Duration: </span>
          <span className="text-ink-muted">{duration} (fixed once the plan is made)</span>
        </p>
      ) : (
        <div className="sm:max-w-xs">
          <label htmlFor={ids.duration} className={labelClass}>
            Duration
          </label>
          <select
            id={ids.duration}
            aria-invalid={errors.duration ? true : undefined}
            aria-describedby={errors.duration ? `${ids.duration}-error` : undefined}
            className={inputClass}
            {...form.register('duration')}
          >
            {PLAN_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {DURATION_LABEL[d]}
                {d === 'lifetime' ? ' (paid once, never renews)' : ''}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.duration}-error`} message={errors.duration?.message} />
        </div>
      )}

      <fieldset>
        <legend className={labelClass}>Logo</legend>
        <div className="mb-3 flex items-center gap-3 rounded-xl bg-canvas px-4 py-3 ring-1 ring-line">
          <PlanLogo url={logo} title={title} size="size-10" />
          <p className="min-w-0 text-sm">
            <span className="block truncate font-semibold text-ink">{title.trim() || 'Plan title'}</span>
            <span className="block text-ink-muted">As members will see it</span>
          </p>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-9">
          {BUILT_IN_ICONS.map((url) => (
            <label
              key={url}
              className="grid cursor-pointer place-items-center gap-1 rounded-lg bg-surface p-2 ring-1 ring-line hover:bg-sunken has-checked:bg-primary-soft has-checked:ring-2 has-checked:ring-navy-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus"
            >
              <input
                type="radio"
                name="plan-logo-choice"
                value={url}
                checked={logo === url}
                onChange={() => form.setValue('logo', url, { shouldValidate: true, shouldDirty: true })}
                className="sr-only"
              />
              <PlanLogo url={url} title={iconName(url)} size="size-8" />
              <span className="text-2xs text-ink-muted">{iconName(url)}</span>
            </label>
          ))}
        </div>
        <TextField
          label="Or the logo’s address: a path of this site (/…)"
          className="mt-3"
          autoComplete="off"
          spellCheck={false}
          maxLength={500}
          error={errors.logo?.message}
          {...form.register('logo')}
        />
        <p className="mt-1 text-xs text-ink-subtle">
          Images of other sites are kept but not shown here: the back office loads images of this site only.
        </p>
      </fieldset>

      {children}
    </form>
  );
}
