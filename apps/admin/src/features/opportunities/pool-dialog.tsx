import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@vault/contract/messages';
import { compare, multiply } from '@vault/contract/money';
import { TOKEN_ICON_MAX_BYTES } from '@vault/contract/schemas/catalogue-admin';
import {
  type AdminPool,
  type CreatePoolBody,
  createPoolBody,
  type UpdatePoolBody,
  updatePoolBody,
} from '@vault/contract/schemas/opportunities';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { FieldError, labelClass, TextArea, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatQ, formatUnits } from './describe';
import { PoolImage } from './pool-image';
import { uploadImage, useCreatePool, useUpdatePool } from './pool-queries';

/** What an edit may change: every field of a new pool but the total supply (changed on its own, through the ledger). */
const editPoolForm = createPoolBody.omit({ totalSupply: true });
type EditValues = z.output<typeof editPoolForm>;
type FormValues = z.input<typeof createPoolBody>;

/**
 * Owners: a new opportunity pool (name, title, image, description, total supply, price per unit, due date,
 * royalties) or an existing one's descriptive fields and price (only what changed is sent). The contract's
 * schemas check the form first, in the server's words; the server's field messages go under their fields.
 */
export function PoolDialog({
  pool,
  onClose,
  onSaved,
}: {
  /** The pool to edit; none: a new pool. */
  pool?: AdminPool;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={pool ? `Edit ${pool.name}` : 'New opportunity pool'}
      description={
        pool
          ? 'A new price applies to requests made from now on; requests already made keep the price they were made at.'
          : 'Its whole supply is issued to the treasury, which holds the units until members acquire them.'
      }
      size="lg"
    >
      {pool ? (
        <EditForm pool={pool} onClose={onClose} onSaved={onSaved} />
      ) : (
        <CreateForm onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

/** The day part of the API's due date ("2030-12-31", or an instant). */
const dayOf = (date: string) => date.slice(0, 10);

function CreateForm({ onClose, onSaved }: { onClose: () => void; onSaved: (message: string) => void }) {
  const create = useCreatePool();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, CreatePoolBody>({
    resolver: zodResolver(createPoolBody),
    defaultValues: {
      name: '',
      title: '',
      image: '',
      description: '',
      totalSupply: '',
      pricePerShare: '',
      dueDate: '',
      royalties: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await create.mutateAsync(values);
      onSaved(
        `${res.message}: ${res.data.name}, ${formatUnits(res.data.totalSupply)} units at ${formatQ(res.data.pricePerShare)} a unit.`,
      );
    } catch (error) {
      setRefusal(refusalOf(error, form));
    }
  });
  return (
    <PoolFields form={form} refusal={refusal} onSubmit={submit}>
      <Actions onClose={onClose} busy={create.isPending} label="Create pool" />
    </PoolFields>
  );
}

function EditForm({
  pool,
  onClose,
  onSaved,
}: {
  pool: AdminPool;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const update = useUpdatePool();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof editPoolForm>, unknown, EditValues>({
    resolver: zodResolver(editPoolForm),
    defaultValues: {
      name: pool.name,
      title: pool.title,
      image: pool.image,
      description: pool.description,
      pricePerShare: pool.pricePerShare,
      dueDate: dayOf(pool.dueDate),
      royalties: pool.royalties,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const changed: UpdatePoolBody = {};
    for (const key of ['name', 'title', 'image', 'description', 'royalties'] as const) {
      if (values[key] !== pool[key]) changed[key] = values[key];
    }
    if (values.dueDate !== dayOf(pool.dueDate)) changed.dueDate = values.dueDate;
    if (compare(values.pricePerShare, pool.pricePerShare) !== 0) changed.pricePerShare = values.pricePerShare;
    const body = updatePoolBody.safeParse(changed);
    if (!body.success) {
      setRefusal(body.error.issues[0]?.message ?? messages.catalogueNothingToChange);
      return;
    }
    try {
      const res = await update.mutateAsync({ id: pool._id, body: body.data });
      onSaved(`${res.message}: ${res.data.name}, ${formatQ(res.data.pricePerShare)} a unit.`);
    } catch (error) {
      setRefusal(refusalOf(error, form as unknown as UseFormReturn<FormValues>));
    }
  });
  return (
    <PoolFields form={form as unknown as UseFormReturn<FormValues>} refusal={refusal} onSubmit={submit} pool={pool}>
      <Actions onClose={onClose} busy={update.isPending} label="Save changes" />
    </PoolFields>
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
 * The pool's fields, two columns from sm up: name and title; the image (a path of this site, or an image
 * uploaded here) with its preview; the description; the total supply (a new pool only: an existing one's is
 * changed with Change supply) and the price per unit, with what the whole supply comes to; the due date and
 * the royalties.
 */
function PoolFields({
  form,
  refusal,
  onSubmit,
  pool,
  children,
}: {
  form: UseFormReturn<FormValues>;
  refusal: string | null;
  onSubmit: () => void;
  /** The pool edited; none: a new pool (its supply is chosen). */
  pool?: AdminPool;
  children: ReactNode;
}) {
  const ids = { price: useId(), priceHelp: useId(), supply: useId(), supplyHelp: useId(), upload: useId() };
  const { errors } = form.formState;
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const image = form.watch('image');
  const name = form.watch('name');
  const title = form.watch('title');
  const price = form.watch('pricePerShare');
  const supply = pool ? pool.totalSupply : form.watch('totalSupply');
  const priceOk = createPoolBody.shape.pricePerShare.safeParse(price).success;
  const supplyOk = createPoolBody.shape.totalSupply.safeParse(supply).success;
  const worth =
    priceOk && supplyOk ? `The whole supply comes to ${formatQ(multiply(supply.trim(), price.trim(), 2))}.` : '';

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(undefined);
    if (file.size > TOKEN_ICON_MAX_BYTES) {
      setUploadError('The image is too large (256 KB at most)');
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadImage(file);
      form.setValue('image', url, { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      setUploadError(errorText(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={pool ? 'Edit pool' : 'New pool'}>
      <FormAlert>{refusal}</FormAlert>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Title"
          autoComplete="off"
          maxLength={100}
          error={errors.title?.message}
          {...form.register('title')}
        />
      </div>

      <fieldset className="space-y-3">
        <legend className={labelClass}>Image</legend>
        <div className="flex items-center gap-3 rounded-xl bg-canvas px-4 py-3 ring-1 ring-line">
          <PoolImage url={image} name={name} size="size-14" />
          <p className="min-w-0 text-sm">
            <span className="block truncate font-semibold text-ink">{title.trim() || 'Pool title'}</span>
            <span className="block truncate text-ink-muted">{name.trim() || 'Pool name'}</span>
            <span className="block text-xs text-ink-subtle">As members will see it</span>
          </p>
        </div>
        <TextField
          label="Image address: a path of this site (/…)"
          autoComplete="off"
          spellCheck={false}
          maxLength={500}
          placeholder="/uploads/…"
          error={errors.image?.message}
          {...form.register('image')}
        />
        <div>
          <label htmlFor={ids.upload} className={labelClass}>
            Or upload an image <span className="font-normal text-ink-muted">(png, gif or jpeg, 256 KB at most)</span>
          </label>
          <input
            id={ids.upload}
            type="file"
            accept="image/png,image/gif,image/jpeg"
            disabled={uploading}
            aria-describedby={uploadError ? `${ids.upload}-error` : undefined}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
            className="block w-full text-sm text-ink-muted file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink hover:file:bg-sunken"
          />
          <FieldError id={`${ids.upload}-error`} message={uploadError} />
          <p role="status" className="mt-1 text-xs text-ink-subtle">
            {uploading ? 'Uploading…' : ''}
          </p>
        </div>
      </fieldset>

      <TextArea
        label="Description"
        rows={3}
        maxLength={5000}
        error={errors.description?.message}
        {...form.register('description')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        {pool ? (
          <p className="text-sm">
            <span className="block font-medium text-ink">Total supply</span>
            <span className="mt-1 block text-ink-muted tabular-nums">
              {formatUnits(pool.totalSupply)} units (changed with Change supply)
            </span>
          </p>
        ) : (
          <div>
            <TextField
              id={ids.supply}
              label="Total supply (units)"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={errors.totalSupply ? `${ids.supply}-error ${ids.supplyHelp}` : ids.supplyHelp}
              error={errors.totalSupply?.message}
              {...form.register('totalSupply')}
            />
            <p id={ids.supplyHelp} className="mt-1 text-xs text-ink-subtle">
              Whole units, 1,000,000 to 1,000,000,000.
            </p>
          </div>
        )}
        <div>
          <TextField
            id={ids.price}
            label="Price per unit (Q)"
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={errors.pricePerShare ? `${ids.price}-error ${ids.priceHelp}` : ids.priceHelp}
            error={errors.pricePerShare?.message}
            {...form.register('pricePerShare')}
          />
          <p id={ids.priceHelp} className="mt-1 text-xs text-ink-subtle" aria-live="polite">
            {worth || 'Up to 8 decimals. 1 Q = 1 USD.'}
          </p>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Due date" type="date" error={errors.dueDate?.message} {...form.register('dueDate')} />
        <TextArea
          label="Royalties"
          rows={2}
          maxLength={2000}
          error={errors.royalties?.message}
          {...form.register('royalties')}
        />
      </div>

      {children}
    </form>
  );
}
