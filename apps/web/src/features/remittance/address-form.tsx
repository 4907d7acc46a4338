import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { COUNTRIES } from '@vault/contract/lookups';
import { messages } from '@vault/contract/messages';
import type { RemittanceAddress } from '@vault/contract/schemas/funding';
import type { uploadResponse } from '@vault/contract/schemas/user';
import { Button } from '@vault/ui/button';
import { CheckboxField, FieldError, TextField } from '@vault/ui/field';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AgreementTerms } from '../../components/agreement-terms';
import { SearchableSelect } from '../../components/searchable-select';
import { SignaturePad, type SignaturePadHandle } from '../../components/signature-pad';
import { ApiError, api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { type AddressFormInput, type AddressFormOutput, addressFormSchema, emptyAddressForm } from './address-schema';
import { remittanceKeys } from './queries';

/** Spec 2 §9: the remittance signature canvas is 350 by 100 (the uploaded image's size). */
const SIGNATURE_WIDTH = 350;
const SIGNATURE_HEIGHT = 100;

const countryOptions = COUNTRIES.map((c) => ({ value: c.name, label: c.name }));

/**
 * What a failed save says (spec 2 §8): the server's message for what it refused (a 4xx) or the connection's,
 * otherwise 'Unable to save address at the moment.'.
 */
const saveError = (error: unknown) =>
  error instanceof ApiError && error.body.code !== 'UNKNOWN' && error.status < 500
    ? error.message
    : messages.addressSaveFailed;

/**
 * Add a remittance address (spec 2 §4, §5): the fields, a signature drawn on the 350 × 100 pad, the
 * agreement. Submit uploads the signature (type=directWire), then creates the address; the list reloads.
 * A failure keeps everything typed and drawn.
 */
export function AddressForm({
  onSaved,
  onCancel,
}: {
  onSaved: (address: RemittanceAddress) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<AddressFormInput, unknown, AddressFormOutput>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: emptyAddressForm,
  });
  const { errors, isSubmitting } = form.formState;
  const pad = useRef<SignaturePadHandle>(null);
  const [signatureError, setSignatureError] = useState<string | undefined>();
  /** The drawing uploaded by an earlier try whose save failed: not uploaded again while it is unchanged. */
  const uploaded = useRef<string | null>(null);

  const checkSignature = () => {
    const empty = !pad.current || pad.current.isEmpty();
    setSignatureError(empty ? messages.uploadSignatureFirst : undefined);
    return !empty;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!checkSignature() || !pad.current) return;
      const { agreed: _agreed, ...address } = values;
      try {
        let signatureUrl = uploaded.current;
        if (!signatureUrl) {
          const body = new FormData();
          // The server reads the type before the file.
          body.append('type', 'directWire');
          body.append('file', pad.current.toPng());
          signatureUrl = (await api<z.infer<typeof uploadResponse>>('storage/upload/base64', { body })).url;
          uploaded.current = signatureUrl;
        }
        const res = await api<{ message: string; data: RemittanceAddress }>('remittance-addresses', {
          body: { ...address, signatureUrl },
        });
        toast.success(res.message);
        await queryClient.invalidateQueries({ queryKey: remittanceKeys.addresses });
        onSaved(res.data);
      } catch (error) {
        if (error instanceof ApiError && error.body.fields) {
          for (const [field, message] of Object.entries(error.body.fields)) {
            if (field === 'signatureUrl' || field === 'file') setSignatureError(message);
            else if (field in emptyAddressForm) form.setError(field as keyof AddressFormInput, { message });
          }
        }
        toast.error(saveError(error));
      }
    },
    () => {
      checkSignature();
    },
  );

  const text = (name: 'name' | 'email' | 'streetAddress' | 'city' | 'state' | 'zipCode') => ({
    ...form.register(name),
    id: `remittance-${name}`,
    error: errors[name]?.message,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add remittance address" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" maxLength={100} {...text('name')} />
        <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...text('email')} />
        <TextField
          label="Street address"
          autoComplete="street-address"
          maxLength={300}
          className="sm:col-span-2"
          {...text('streetAddress')}
        />
        <TextField label="City" autoComplete="address-level2" maxLength={100} {...text('city')} />
        <TextField label="State" autoComplete="address-level1" maxLength={100} {...text('state')} />
        <TextField label="Zip code" autoComplete="postal-code" maxLength={20} {...text('zipCode')} />
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <SearchableSelect
              id="remittance-country"
              label="Country"
              options={countryOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              allowEmpty={false}
              required
            />
          )}
        />
      </div>

      <fieldset className="space-y-2" aria-describedby={signatureError ? 'remittance-signature-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-ink">Signature</legend>
        <p className="text-sm text-ink-muted">
          Draw your signature with a mouse, finger or pen, or type your name and sign with it. It is uploaded when you
          save.
        </p>
        <div className="max-w-md">
          <SignaturePad
            ref={pad}
            width={SIGNATURE_WIDTH}
            height={SIGNATURE_HEIGHT}
            label="Signature drawing area"
            onChange={(hasInk) => {
              uploaded.current = null;
              if (hasInk) setSignatureError(undefined);
            }}
          />
        </div>
        <FieldError id="remittance-signature-error" message={signatureError} />
      </fieldset>

      <details className="rounded-xl bg-canvas p-4 text-sm ring-1 ring-line">
        <summary className="cursor-pointer font-semibold text-ink">Read the remittance agreement</summary>
        <div className="mt-3 space-y-3 leading-relaxed text-ink-muted">
          <AgreementTerms rescind="a contribution" />
        </div>
      </details>
      <CheckboxField
        id="remittance-agreed"
        label="I have read and agree to the remittance agreement, and sign this address with the signature above."
        error={errors.agreed?.message}
        {...form.register('agreed')}
      />

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          Save address
        </Button>
      </div>
    </form>
  );
}
