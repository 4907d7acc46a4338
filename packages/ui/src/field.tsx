import { type ComponentProps, type ReactNode, useId, useState } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2.5 text-sm text-ink shadow-sm placeholder:text-ink-subtle focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/25 aria-invalid:border-danger aria-invalid:ring-danger/20';

/** A field's label: above the control, medium weight. */
export const labelClass = 'mb-1 block text-sm font-medium text-ink';

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger">
      {message}
    </p>
  );
}

type FieldProps = ComponentProps<'input'> & { label: string; error?: string | undefined };

/** The caller's id when it gives one (stable for tests and anchors), otherwise a generated one. */
function useFieldId(given: string | undefined) {
  const generated = useId();
  const id = given ?? generated;
  return { id, errorId: `${id}-error` };
}

/** A control's link to its error: marked invalid and described by the message while there is one. */
export const errorLink = (error: string | undefined, errorId: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId : undefined,
});

/** The frame every field shares: its label above, the control, its error below. */
export function FieldFrame(props: {
  id: string;
  errorId: string;
  label: ReactNode;
  error: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      {props.children}
      <FieldError id={props.errorId} message={props.error} />
    </div>
  );
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ label, error, className = '', id: givenId, ...input }: FieldProps) {
  const { id, errorId } = useFieldId(givenId);
  return (
    <FieldFrame id={id} errorId={errorId} label={label} error={error} className={className}>
      <input id={id} {...errorLink(error, errorId)} className={inputClass} {...input} />
    </FieldFrame>
  );
}

/** Password input with a Show/Hide toggle; the toggle is a separate button so the label stays the field's name. */
export function PasswordField({ label, error, className = '', id: givenId, ...input }: FieldProps) {
  const { id, errorId } = useFieldId(givenId);
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} errorId={errorId} label={label} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          {...errorLink(error, errorId)}
          className={`${inputClass} pr-16`}
          {...input}
        />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-xs font-semibold text-ink-muted hover:bg-sunken hover:text-ink"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({ label, error, className = '', id: givenId, ...input }: FieldProps) {
  const { id, errorId } = useFieldId(givenId);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          {...errorLink(error, errorId)}
          className="mt-0.5 size-4 rounded-sm border-line-strong accent-navy-800"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-ink-muted">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type AreaProps = ComponentProps<'textarea'> & { label: ReactNode; error?: string | undefined };

/** A labelled multi-line text field, with its error like TextField's. */
export function TextArea({ label, error, className = '', id: givenId, rows = 5, ...input }: AreaProps) {
  const { id, errorId } = useFieldId(givenId);
  return (
    <FieldFrame id={id} errorId={errorId} label={label} error={error} className={className}>
      <textarea id={id} rows={rows} {...errorLink(error, errorId)} className={inputClass} {...input} />
    </FieldFrame>
  );
}
