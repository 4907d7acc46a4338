import { FieldError, inputClass, labelClass } from '@vault/ui/field';
import { useId } from 'react';

/**
 * One text box of a list's filter bar: label above, the value controlled by the screen, an error under it,
 * and optional suggestions (a datalist). Up to 254 characters, no autocomplete or spelling marks.
 */
export function FilterField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  placeholder,
  suggestions,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'search' | 'date';
  placeholder?: string;
  suggestions?: string[];
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const listId = `${id}-list`;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={254}
        list={suggestions ? listId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} py-2`}
      />
      {suggestions ? (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
