import { type ComponentProps, type ReactNode, useId, useState } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-500 aria-invalid:ring-red-500/20';

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
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
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium text-slate-700">
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
          className="absolute inset-y-1 right-1 rounded-md px-3 text-xs font-semibold text-brand-600 hover:bg-brand-50"
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
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
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
