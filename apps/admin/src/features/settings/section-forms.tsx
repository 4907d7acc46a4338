import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSettings,
  bankDetailsBody,
  directWireBody,
  masterWalletsBody,
} from '@vault/contract/schemas/settings-admin';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { useSaveSection } from './queries';
import { applyFieldErrors, Section } from './section';

type Saver = ReturnType<typeof useSaveSection>;

/** Saving a section: its answer's words, or the refusal (field messages onto their fields). */
function useSubmit(save: Saver, setError: (name: never, error: { message: string }) => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (values: unknown) => {
    setRefusal(null);
    setDone(null);
    try {
      const res = await save.mutateAsync(values);
      setDone(`${res.message}.`);
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(error.body.fields, setError);
      setRefusal(errorText(error));
    }
  };
  return { submit, refusal, done };
}

function SaveRow({ busy, label, mayManage }: { busy: boolean; label: string; mayManage: boolean }) {
  if (!mayManage) return <p className="text-sm text-ink-subtle">Only owners change these.</p>;
  return (
    <div className="flex justify-end">
      <Button type="submit" busy={busy}>
        {label}
      </Button>
    </div>
  );
}

const empty = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, '']));
const WIRE_KEYS = ['accountName', 'mailingAddress', 'accountType', 'bankName', 'bankAddress', 'endorsement'] as const;

/** A field of a nested path; its error from the form's errors. */
function Field({
  register,
  errors,
  name,
  label,
  ...input
}: {
  // biome-ignore lint/suspicious/noExplicitAny: one field component for the three forms' nested paths
  register: UseFormRegister<any>;
  errors: FieldErrors;
  name: string;
  label: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  autoCapitalize?: string;
  spellCheck?: boolean;
}) {
  const error = name
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as
    | { message?: string }
    | undefined;
  return <TextField label={label} autoComplete="off" error={error?.message} {...input} {...register(name)} />;
}

/** Zelle and the two direct wire accounts members pay into (spec 2 §3 bank detail), saved together. */
export function BankDetailsForm({ settings, mayManage }: { settings: AdminSettings; mayManage: boolean }) {
  const save = useSaveSection('bank-details');
  const form = useForm({
    resolver: zodResolver(bankDetailsBody),
    defaultValues: {
      zellePay: settings.zellePay ?? { accountName: '', accountType: '', bankAddress: '' },
      directWireDomesticAccount: settings.directWireDomesticAccount ?? {
        ...empty(WIRE_KEYS),
        accountNo: '',
        routingNo: '',
      },
      directWireInternationalAccount: settings.directWireInternationalAccount ?? {
        ...empty(WIRE_KEYS),
        accountNo: '',
        routingNo: '',
        swiftCode: '',
      },
    } as never,
  });
  const { submit, refusal, done } = useSubmit(save, form.setError as never);
  const { errors } = form.formState;
  const f = { register: form.register, errors };
  const wire = (prefix: string) => (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field {...f} name={`${prefix}.accountName`} label="Account name" />
      <Field {...f} name={`${prefix}.accountType`} label="Account type" />
      <Field {...f} name={`${prefix}.accountNo`} label="Account no." spellCheck={false} />
      <Field {...f} name={`${prefix}.routingNo`} label="Routing no. (ABA, 9 digits)" inputMode="numeric" />
      <Field {...f} name={`${prefix}.bankName`} label="Bank name" />
      <Field {...f} name={`${prefix}.bankAddress`} label="Bank address" />
      <Field {...f} name={`${prefix}.mailingAddress`} label="Mailing address (of the account holder)" />
      <Field {...f} name={`${prefix}.endorsement`} label="Endorsement (optional)" />
    </div>
  );
  return (
    <Section
      id="bank-details"
      title="Bank details"
      description="Where members pay: shown on the direct wire success page. Saved together, all three complete."
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Bank details" className="space-y-6">
        <fieldset
          disabled={!mayManage}
          className="space-y-6 [&_input:disabled]:bg-sunken [&_input:disabled]:text-ink-muted"
        >
          <fieldset className="space-y-3">
            <legend className="mb-2 font-semibold text-ink">Zelle</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field {...f} name="zellePay.accountName" label="Account name" />
              <Field {...f} name="zellePay.accountType" label="Account type" />
              <Field {...f} name="zellePay.bankAddress" label="Zelle address (e-mail or phone)" />
            </div>
          </fieldset>
          <div className="border-t border-line pt-4">
            <fieldset className="space-y-3">
              <legend className="mb-2 font-semibold text-ink">Direct wire, domestic (US)</legend>
              {wire('directWireDomesticAccount')}
            </fieldset>
          </div>
          <div className="border-t border-line pt-4">
            <fieldset className="space-y-3">
              <legend className="mb-2 font-semibold text-ink">Direct wire, international</legend>
              {wire('directWireInternationalAccount')}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  {...f}
                  name="directWireInternationalAccount.swiftCode"
                  label="SWIFT/BIC (8 or 11)"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              </div>
            </fieldset>
          </div>
        </fieldset>
        <FormAlert>{refusal}</FormAlert>
        <StatusLine>{done}</StatusLine>
        <SaveRow busy={form.formState.isSubmitting} label="Save bank details" mayManage={mayManage} />
      </form>
    </Section>
  );
}

/** The direct wire fee (USD) and how many days a direct wire request stays open. */
export function DirectWireForm({ settings, mayManage }: { settings: AdminSettings; mayManage: boolean }) {
  const save = useSaveSection('direct-wire');
  const form = useForm({
    resolver: zodResolver(directWireBody),
    defaultValues: {
      directWireFee: settings.directWireFee,
      directWireExpiryDays: String(settings.directWireExpiryDays),
    } as never,
  });
  const { submit, refusal, done } = useSubmit(save, form.setError as never);
  const f = { register: form.register, errors: form.formState.errors };
  return (
    <Section
      id="direct-wire"
      title="Direct wire"
      description="The fee added to a direct wire, and the days members have to remit it (the due date they see)."
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Direct wire" className="space-y-4">
        <fieldset
          disabled={!mayManage}
          className="grid gap-4 sm:grid-cols-2 [&_input:disabled]:bg-sunken [&_input:disabled]:text-ink-muted"
        >
          <Field {...f} name="directWireFee" label="Fee (USD)" inputMode="decimal" />
          <Field {...f} name="directWireExpiryDays" label="Days to remit" inputMode="numeric" />
        </fieldset>
        <FormAlert>{refusal}</FormAlert>
        <StatusLine>{done}</StatusLine>
        <SaveRow busy={form.formState.isSubmitting} label="Save direct wire" mayManage={mayManage} />
      </form>
    </Section>
  );
}

/** The platform's deposit addresses per coin. */
export function MasterWalletsForm({ settings, mayManage }: { settings: AdminSettings; mayManage: boolean }) {
  const save = useSaveSection('master-wallets');
  const form = useForm({
    resolver: zodResolver(masterWalletsBody),
    defaultValues: { masterWalletBTC: settings.masterWalletBTC, masterWalletETH: settings.masterWalletETH },
  });
  const { submit, refusal, done } = useSubmit(save, form.setError as never);
  const f = { register: form.register, errors: form.formState.errors };
  return (
    <Section
      id="master-wallets"
      title="Master wallets"
      description="The platform's deposit addresses: Bitcoin, and Ethereum (ERC-20 tokens such as USDT use it too)."
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Master wallets" className="space-y-4">
        <fieldset
          disabled={!mayManage}
          className="grid gap-4 [&_input:disabled]:bg-sunken [&_input:disabled]:text-ink-muted"
        >
          <Field {...f} name="masterWalletBTC" label="Bitcoin (BTC)" spellCheck={false} />
          <Field {...f} name="masterWalletETH" label="Ethereum (ETH, ERC-20)" spellCheck={false} />
        </fieldset>
        <FormAlert>{refusal}</FormAlert>
        <StatusLine>{done}</StatusLine>
        <SaveRow busy={form.formState.isSubmitting} label="Save master wallets" mayManage={mayManage} />
      </form>
    </Section>
  );
}
