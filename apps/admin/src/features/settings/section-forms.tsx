import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSettings,
  bankDetailsBody,
  directWireBody,
  marketplaceFeeBody,
  masterWalletsBody,
  redemptionFeeBody,
} from '@vault/contract/schemas/settings-admin';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type UseFormRegister, type UseFormReturn, useForm } from 'react-hook-form';
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

type SectionName = Parameters<typeof useSaveSection>[0];

/** Each section's title (its form's name too), what it is for, and its Save button. */
const SECTIONS: Record<SectionName, { title: string; description: string; saveLabel: string }> = {
  'bank-details': {
    title: 'Bank details',
    description: 'Where members pay: shown on the direct wire success page. Saved together, all three complete.',
    saveLabel: 'Save bank details',
  },
  'direct-wire': {
    title: 'Direct wire',
    description: 'The fee added to a direct wire, and the days members have to remit it (the due date they see).',
    saveLabel: 'Save direct wire',
  },
  'redemption-fee': {
    title: 'Redemption fee',
    description:
      'A percentage of what members redeem, kept in the token when a request completes; the rest is paid out. Members see it before they ask; each request keeps the rate it was made at.',
    saveLabel: 'Save redemption fee',
  },
  'marketplace-fee': {
    title: 'Marketplace fee',
    description:
      "A percentage of each marketplace trade's price, in Q, kept from the seller's proceeds for the fees account. The buyer always pays the listed price.",
    saveLabel: 'Save marketplace fee',
  },
  'master-wallets': {
    title: 'Master wallets',
    description: "The platform's deposit addresses: Bitcoin, and Ethereum (ERC-20 tokens such as USDT use it too).",
    saveLabel: 'Save master wallets',
  },
};

/**
 * A settings section's form: its fields (read-only below owner), the refusal, the saved line and Save. `form`
 * is the section's react-hook-form (its schema's resolver); Save sends the checked values to the section's call.
 */
function SectionForm({
  section,
  form,
  mayManage,
  className,
  fieldsClassName,
  children,
}: {
  section: SectionName;
  // biome-ignore lint/suspicious/noExplicitAny: one form frame for the three sections' own value types
  form: UseFormReturn<any, any, any>;
  mayManage: boolean;
  className: string;
  fieldsClassName: string;
  children: ReactNode;
}) {
  const save = useSaveSection(section);
  const { title, description, saveLabel } = SECTIONS[section];
  const { submit, refusal, done } = useSubmit(save, form.setError as never);
  return (
    <Section id={section} title={title} description={description}>
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label={title} className={className}>
        <fieldset
          disabled={!mayManage}
          className={`${fieldsClassName} [&_input:disabled]:bg-sunken [&_input:disabled]:text-ink-muted`}
        >
          {children}
        </fieldset>
        <FormAlert>{refusal}</FormAlert>
        <StatusLine>{done}</StatusLine>
        <SaveRow busy={form.formState.isSubmitting} label={saveLabel} mayManage={mayManage} />
      </form>
    </Section>
  );
}

/** A titled group of fields (Zelle, each wire account); `divided`: a line above it. */
function Group({ legend, divided, children }: { legend: string; divided?: boolean; children: ReactNode }) {
  const group = (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
  return divided ? <div className="border-t border-line pt-4">{group}</div> : group;
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
  const f = { register: form.register, errors: form.formState.errors };
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
    <SectionForm
      section="bank-details"
      form={form}
      mayManage={mayManage}
      className="space-y-6"
      fieldsClassName="space-y-6"
    >
      <Group legend="Zelle">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field {...f} name="zellePay.accountName" label="Account name" />
          <Field {...f} name="zellePay.accountType" label="Account type" />
          <Field {...f} name="zellePay.bankAddress" label="Zelle address (e-mail or phone)" />
        </div>
      </Group>
      <Group legend="Direct wire, domestic (US)" divided>
        {wire('directWireDomesticAccount')}
      </Group>
      <Group legend="Direct wire, international" divided>
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
      </Group>
    </SectionForm>
  );
}

/** The direct wire fee (USD) and how many days a direct wire request stays open. */
export function DirectWireForm({ settings, mayManage }: { settings: AdminSettings; mayManage: boolean }) {
  const form = useForm({
    resolver: zodResolver(directWireBody),
    defaultValues: {
      directWireFee: settings.directWireFee,
      directWireExpiryDays: String(settings.directWireExpiryDays),
    } as never,
  });
  const f = { register: form.register, errors: form.formState.errors };
  return (
    <SectionForm
      section="direct-wire"
      form={form}
      mayManage={mayManage}
      className="space-y-4"
      fieldsClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field {...f} name="directWireFee" label="Fee (USD)" inputMode="decimal" />
      <Field {...f} name="directWireExpiryDays" label="Days to remit" inputMode="numeric" />
    </SectionForm>
  );
}

/** The fees in percent (0 to 10) that settings keep: one field each, the same form. */
const FEES = {
  'redemption-fee': { name: 'redemptionFeePercent', body: redemptionFeeBody },
  'marketplace-fee': { name: 'marketplaceFeePercent', body: marketplaceFeeBody },
} as const;

/** One fee in percent: the redemption fee or the marketplace fee. */
export function FeePercentForm({
  section,
  settings,
  mayManage,
}: {
  section: keyof typeof FEES;
  settings: AdminSettings;
  mayManage: boolean;
}) {
  const { name, body } = FEES[section];
  const form = useForm({ resolver: zodResolver(body), defaultValues: { [name]: settings[name] } as never });
  const f = { register: form.register, errors: form.formState.errors };
  return (
    <SectionForm
      section={section}
      form={form}
      mayManage={mayManage}
      className="space-y-4"
      fieldsClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field {...f} name={name} label="Fee (percent)" inputMode="decimal" />
    </SectionForm>
  );
}

/** The platform's deposit addresses per coin. */
export function MasterWalletsForm({ settings, mayManage }: { settings: AdminSettings; mayManage: boolean }) {
  const form = useForm({
    resolver: zodResolver(masterWalletsBody),
    defaultValues: { masterWalletBTC: settings.masterWalletBTC, masterWalletETH: settings.masterWalletETH },
  });
  const f = { register: form.register, errors: form.formState.errors };
  return (
    <SectionForm
      section="master-wallets"
      form={form}
      mayManage={mayManage}
      className="space-y-4"
      fieldsClassName="grid gap-4"
    >
      <Field {...f} name="masterWalletBTC" label="Bitcoin (BTC)" spellCheck={false} />
      <Field {...f} name="masterWalletETH" label="Ethereum (ETH, ERC-20)" spellCheck={false} />
    </SectionForm>
  );
}
