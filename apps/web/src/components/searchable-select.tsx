import { errorLink, FieldFrame, inputClass } from '@vault/ui/field';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useMemo, useState } from 'react';

/** `icon`: shown before the label, in the list and in the box once chosen (a country's flag). */
export type SelectOption = { value: string; label: string; icon?: ReactNode };

type Props = {
  /** The visible label; it is a real <label>, so the input is found by it. */
  label: ReactNode;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  error?: string | undefined;
  required?: boolean;
  /** Whether emptying the text clears the value (true) or restores the chosen option (false). */
  allowEmpty?: boolean;
  disabled?: boolean;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

const normalize = (text: string) => text.trim().toLowerCase();

/** Options whose label contains the query; those that start with it come first. */
function filterOptions(options: readonly SelectOption[], query: string | null) {
  if (query === null || normalize(query) === '') return options;
  const q = normalize(query);
  const starts: SelectOption[] = [];
  const contains: SelectOption[] = [];
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(q)) starts.push(option);
    else if (label.includes(q)) contains.push(option);
  }
  return [...starts, ...contains];
}

/**
 * A select with a filter box, for long lists (countries) and short ones alike: the ARIA 1.2 editable
 * combobox with list autocomplete. Type to filter, arrows to move, Enter to choose, Escape to close.
 * Leaving the box keeps the chosen option unless the text names another option exactly or was
 * emptied (value '', when `allowEmpty`).
 */
export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  onBlur,
  id: givenId,
  name,
  error,
  required,
  allowEmpty = true,
  disabled,
  placeholder = 'Choose…',
  inputRef,
  className = '',
}: Props) {
  const generated = useId();
  const id = givenId ?? generated;
  const listId = `${id}-listbox`;
  const errorId = `${id}-error`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [open, setOpen] = useState(false);
  /** What the member typed; null while the box shows the chosen option. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  const selected = options.find((option) => option.value === value);
  const shown = useMemo(() => filterOptions(options, query), [options, query]);

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    const index = shown.findIndex((option) => option.value === value);
    setActive(index >= 0 ? index : 0);
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: SelectOption) => {
    onChange(option.value);
    setQuery(null);
    close();
  };

  const commit = () => {
    if (query !== null) {
      const typed = normalize(query);
      const exact = options.find((option) => option.label.toLowerCase() === typed);
      if (typed === '' && allowEmpty) onChange('');
      else if (exact) onChange(exact.value);
      setQuery(null);
    }
    close();
    onBlur?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) close();
        else if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'PageDown':
        if (open) {
          event.preventDefault();
          setActive((i) => Math.min(i + 10, shown.length - 1));
        }
        break;
      case 'PageUp':
        if (open) {
          event.preventDefault();
          setActive((i) => Math.max(i - 10, 0));
        }
        break;
      case 'Enter': {
        if (!open) break;
        event.preventDefault();
        const option = shown[active];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          event.stopPropagation();
          setQuery(null);
          close();
        }
        break;
      default:
        break;
    }
  };

  const activeOption = open && active >= 0 && active < shown.length ? optionId(active) : undefined;

  return (
    <FieldFrame id={id} errorId={errorId} label={label} error={error} className={className}>
      <div className="relative">
        {selected?.icon && query === null ? (
          <span aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 flex -translate-y-1/2">
            {selected.icon}
          </span>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          {...errorLink(error, errorId)}
          aria-required={required || undefined}
          disabled={disabled}
          placeholder={placeholder}
          value={query ?? selected?.label ?? value}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => (open ? close() : openList())}
          onFocus={(event) => event.target.select()}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className={`${inputClass} scroll-mt-32 pr-9 disabled:bg-sunken disabled:text-ink-muted ${
            selected?.icon && query === null ? 'pl-11' : ''
          }`}
        />
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-ink-subtle"
        >
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <div
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
        >
          <div
            id={listId}
            role="listbox"
            // Named apart from the field, so finding the field by its label finds the input alone.
            aria-label="Options"
            // Keep the focus in the input while the list is scrolled or clicked.
            onMouseDown={(event) => event.preventDefault()}
            className="max-h-60 overflow-y-auto py-1"
          >
            {open
              ? shown.map((option, index) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the input (aria-activedescendant)
                  <div
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={option.value === value}
                    onClick={() => choose(option)}
                    onMouseMove={() => setActive(index)}
                    className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${
                      index === active ? 'bg-primary-soft text-ink' : 'text-ink'
                    }`}
                  >
                    <span className="flex min-w-0 items-center gap-2 break-words">
                      {option.icon ? (
                        <span aria-hidden="true" className="flex shrink-0">
                          {option.icon}
                        </span>
                      ) : null}
                      {option.label}
                    </span>
                    {option.value === value ? (
                      <span aria-hidden="true" className="text-accent-text">
                        ✓
                      </span>
                    ) : null}
                  </div>
                ))
              : null}
          </div>
          {open && shown.length === 0 ? <p className="px-3 py-2 text-sm text-ink-subtle">No matches</p> : null}
        </div>
      </div>
    </FieldFrame>
  );
}
