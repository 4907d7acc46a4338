import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { RedeemAddress } from '@vault/contract/schemas/redeem-addresses';
import { Button } from '@vault/ui/button';
import { TextField } from '@vault/ui/field';
import { Controller, useForm } from 'react-hook-form';
import { PhoneInput } from '../../components/phone-input';
import { ApiError, api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import {
  emptyRedeemAddressForm,
  type RedeemAddressFormInput,
  type RedeemAddressFormOutput,
  redeemAddressFormSchema,
  redeemAddressFormValues,
} from './address-form-schema';
import { redemptionKeys } from './queries';

type TextName = Exclude<keyof RedeemAddressFormInput, 'phoneCountry' | 'phoneLocal'>;

/**
 * Add or edit a redeem address (spec 2 §5 "Redeem-address form"): the account's name and holder, the holder's
 * address and phone (a country flag, US by default), the bank, its account number, the optional ABA, SWIFT /
 * BIC and routing code, and the Zelle address. A failure keeps everything typed; the server's per-field
 * messages go under their fields (its phoneNumber under the number).
 */
export function RedeemAddressForm({
  address,
  onSaved,
  onCancel,
}: {
  /** The address edited; none to add one. */
  address?: RedeemAddress | undefined;
  onSaved: (address: RedeemAddress) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<RedeemAddressFormInput, unknown, RedeemAddressFormOutput>({
    resolver: zodResolver(redeemAddressFormSchema),
    defaultValues: address ? redeemAddressFormValues(address) : emptyRedeemAddressForm,
  });
  const { errors, isSubmitting } = form.formState;
  const editing = address !== undefined;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const res = await api<{ message: string; data: RedeemAddress }>(
        editing ? `direct-wires/withdraw/address/${encodeURIComponent(address._id)}` : 'direct-wires/withdraw/address',
        { method: editing ? 'PUT' : 'POST', body },
      );
      toast.success(res.message);
      await queryClient.invalidateQueries({ queryKey: redemptionKeys.addresses });
      onSaved(res.data);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body.fields : undefined;
      if (fields?.phoneNumber) form.setError('phoneLocal', { message: fields.phoneNumber });
      showServerError(error, (field, option) => {
        if (field in emptyRedeemAddressForm) form.setError(field as keyof RedeemAddressFormInput, option);
      });
    }
  });

  const text = (name: TextName) => ({
    ...form.register(name),
    id: `redeem-${name}`,
    error: errors[name]?.message,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit redeem address' : 'Add redeem address'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" maxLength={100} placeholder="e.g. My checking account" {...text('name')} />
        <TextField label="Account Name" autoComplete="name" maxLength={100} {...text('accountTitle')} />
        <TextField
          label="Address"
          autoComplete="street-address"
          maxLength={300}
          className="sm:col-span-2"
          {...text('address')}
        />
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="phoneCountry"
            render={({ field }) => (
              <PhoneInput
                id="redeem-phone"
                optional
                country={field.value}
                onCountryChange={field.onChange}
                number={form.register('phoneLocal')}
                error={errors.phoneLocal?.message}
              />
            )}
          />
        </div>
        <TextField label="Bank Name" maxLength={100} {...text('bankName')} />
        <TextField label="Account no." autoComplete="off" maxLength={50} {...text('accountNumber')} />
        <TextField label="Bank Address" maxLength={300} className="sm:col-span-2" {...text('bankAddress')} />
        <TextField label="ABA (optional)" inputMode="numeric" maxLength={20} {...text('aba')} />
        <TextField label="SWIFT / BIC (optional)" autoCapitalize="characters" maxLength={20} {...text('swiftBic')} />
        <TextField label="Routing number (optional)" maxLength={50} {...text('routingCode')} />
        <TextField label="ZellePay Address" maxLength={254} {...text('zellePay')} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {editing ? 'Save changes' : 'Save address'}
        </Button>
      </div>
    </form>
  );
}
