import { zodResolver } from '@hookform/resolvers/zod';
import { compare, subtract } from '@vault/contract/money';
import { type AdminPool, type PoolSupplyBody, poolSupplyBody } from '@vault/contract/schemas/opportunities';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Facts } from '../../components/facts';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatUnits } from './describe';
import { useChangeSupply } from './pool-queries';

/**
 * Owners: a pool's new total supply. More issues the difference to the treasury; less takes it back from the
 * treasury, at most the units still unsold there (the server refuses more, in words shown under the field).
 * What the change does is said under the field as it is typed.
 */
export function SupplyDialog({
  pool,
  onClose,
  onSaved,
}: {
  pool: AdminPool;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const change = useChangeSupply();
  const helpId = useId();
  const fieldId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof poolSupplyBody>, unknown, PoolSupplyBody>({
    resolver: zodResolver(poolSupplyBody),
    defaultValues: { totalSupply: '' },
  });
  const { errors } = form.formState;
  const typed = poolSupplyBody.shape.totalSupply.safeParse(form.watch('totalSupply'));
  const effect = !typed.success
    ? 'Whole units, 1,000,000 to 1,000,000,000.'
    : compare(typed.data, pool.totalSupply) > 0
      ? `${formatUnits(subtract(typed.data, pool.totalSupply))} new units are issued to the treasury.`
      : compare(typed.data, pool.totalSupply) < 0
        ? `${formatUnits(subtract(pool.totalSupply, typed.data))} units are taken back from the treasury (it holds ${formatUnits(pool.remainingSupply)} unsold).`
        : 'This is the supply now.';

  const submit = form.handleSubmit(async ({ totalSupply }) => {
    setRefusal(null);
    try {
      const res = await change.mutateAsync({ id: pool._id, totalSupply });
      onSaved(`${res.message}: ${res.data.name}, ${formatUnits(res.data.totalSupply)} units in all.`);
    } catch (error) {
      const field = error instanceof ApiError ? error.body.fields?.totalSupply : undefined;
      if (field) form.setError('totalSupply', { message: field });
      else setRefusal(errorText(error));
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Change the supply of ${pool.name}`}
      description="The difference is issued to the treasury or taken back from it, in one ledger entry."
      size="md"
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Change supply">
        <Facts
          rows={[
            ['Total supply', `${formatUnits(pool.totalSupply)} units`],
            ['Unsold (treasury)', `${formatUnits(pool.remainingSupply)} units`],
            ['Reserved by requests', `${formatUnits(pool.reservedSupply)} units`],
            ['Sold', `${formatUnits(pool.soldSupply)} units`],
          ]}
        />
        <FormAlert>{refusal}</FormAlert>
        <div>
          <TextField
            id={fieldId}
            label="New total supply (units)"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={errors.totalSupply ? `${fieldId}-error ${helpId}` : helpId}
            error={errors.totalSupply?.message}
            {...form.register('totalSupply')}
          />
          <p id={helpId} className="mt-1 text-xs text-ink-subtle" aria-live="polite">
            {effect}
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending}>
            Change supply
          </Button>
        </div>
      </form>
    </Modal>
  );
}
