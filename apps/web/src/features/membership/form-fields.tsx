import { errorLink, FieldFrame, inputClass } from '@vault/ui/field';
import type { ComponentProps, ReactNode } from 'react';
import { type FieldErrors, get, useController, useFormContext, useFormState } from 'react-hook-form';
import { SearchableSelect, type SelectOption } from '../../components/searchable-select';
import type { WizardValues } from './form-values';

/** Dotted paths of the wizard's string fields. */
export type TextPath =
  | `name.${keyof WizardValues['name']}`
  | 'primaryEmail'
  | 'secondaryEmail'
  | `primaryPhone.${keyof WizardValues['primaryPhone']}`
  | `physicalAddress.${keyof WizardValues['physicalAddress']}`
  | `mailingAddress.${keyof WizardValues['mailingAddress']}`
  | 'registrationDate'
  | 'sponsor.name'
  | 'sponsor.suffix'
  | `sponsor.phone.${keyof WizardValues['sponsor']['phone']}`
  | `refAmbassador.name.${keyof WizardValues['refAmbassador']['name']}`
  | 'refAmbassador.phone'
  | 'refAmbassador.ambassador'
  | 'refAmbassador.description'
  | `refOrgAddress.${keyof WizardValues['refOrgAddress']}`
  | `beneficiary.name.${keyof WizardValues['beneficiary']['name']}`
  | 'beneficiary.phone'
  | 'beneficiary.countryCode'
  | 'beneficiary.email'
  | 'beneficiary.relationship'
  | 'ui.primaryPhoneCountry'
  | 'ui.beneficiaryPhoneCountry';

/** The message of the error at a dotted path, if any. */
const errorAt = (errors: FieldErrors<WizardValues>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/** A stable element id per field, e.g. membership-physicalAddress-city (also the anchor of its error). */
export const fieldId = (path: string) => `membership-${path.replaceAll('.', '-')}`;

/**
 * A label whose accessible name carries its group ("Physical address — City") while the eye reads the
 * short word under the group's legend; a required field shows a red * (and says aria-required).
 */
export function FieldLabel({ context, text, required }: { context?: string; text: string; required?: boolean }) {
  return (
    <>
      {context ? <span className="sr-only">{`${context} — `}</span> : null}
      {text}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      ) : null}
    </>
  );
}

type FieldProps = Omit<ComponentProps<'input'>, 'name' | 'id'> & {
  name: TextPath;
  label: string;
  context?: string;
  required?: boolean;
  hint?: ReactNode;
};

/** A text input bound to the wizard form, its error under it (aria-invalid + aria-describedby). */
export function Field({ name, label, context, required, hint, className = '', readOnly, ...input }: FieldProps) {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>({ name });
  const error = errorAt(errors, name);
  const id = fieldId(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame
      id={id}
      errorId={errorId}
      label={<FieldLabel context={context} text={label} required={required} />}
      error={error}
      className={className}
    >
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        aria-required={required || undefined}
        readOnly={readOnly}
        className={`${inputClass} scroll-mt-32 read-only:bg-sunken read-only:text-ink-muted`}
        {...input}
        {...register(name)}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-subtle">
          {hint}
        </p>
      ) : null}
    </FieldFrame>
  );
}

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'name' | 'id'> & {
  name: TextPath;
  label: string;
  context?: string;
};

export function AreaField({ name, label, context, className = '', ...input }: TextAreaProps) {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>({ name });
  const error = errorAt(errors, name);
  const id = fieldId(name);
  const errorId = `${id}-error`;
  return (
    <FieldFrame
      id={id}
      errorId={errorId}
      label={<FieldLabel context={context} text={label} />}
      error={error}
      className={className}
    >
      <textarea
        id={id}
        rows={3}
        {...errorLink(error, errorId)}
        className={`${inputClass} scroll-mt-32`}
        {...input}
        {...register(name)}
      />
    </FieldFrame>
  );
}

type SelectProps = {
  name: TextPath;
  label: string;
  context?: string;
  options: readonly SelectOption[];
  required?: boolean;
  allowEmpty?: boolean;
  disabled?: boolean;
  /** Where this field's error is kept, when it is another path (a phone code picked by country). */
  errorName?: TextPath;
  /** Runs after the member picks a value. */
  onPicked?: (value: string) => void;
  className?: string;
};

/** A searchable select bound to the wizard form. */
export function SelectField({
  name,
  label,
  context,
  options,
  required,
  allowEmpty,
  disabled,
  errorName,
  onPicked,
  className,
}: SelectProps) {
  const { control } = useFormContext<WizardValues>();
  const { field } = useController({ control, name });
  const { errors } = useFormState<WizardValues>({ control, name: errorName ?? name });
  const error = errorAt(errors, errorName ?? name);
  return (
    <SearchableSelect
      id={fieldId(name)}
      name={field.name}
      inputRef={field.ref}
      label={<FieldLabel context={context} text={label} required={required} />}
      options={options}
      value={field.value}
      onChange={(value) => {
        field.onChange(value);
        onPicked?.(value);
      }}
      onBlur={field.onBlur}
      error={error}
      required={required}
      allowEmpty={allowEmpty}
      disabled={disabled}
      className={className}
    />
  );
}

/** A group of fields under a legend, on a 2-column grid (12 on wide screens; fields set their spans). */
export function FieldGroup({ legend, children, note }: { legend: string; children: ReactNode; note?: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="mb-3 text-base font-semibold text-ink">{legend}</legend>
      {note}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-12">{children}</div>
    </fieldset>
  );
}
