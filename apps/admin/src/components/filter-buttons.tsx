import { Button } from '@vault/ui/button';

/**
 * A list's one filter as a row of toggle buttons (status, kind): the chosen one pressed. A fieldset with its
 * name for screen readers; each button says whether it is pressed.
 */
export function FilterButtons<T extends string>({
  legend,
  options,
  labels,
  value,
  onChoose,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChoose: (choice: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === value ? 'primary' : 'secondary'}
          aria-pressed={option === value}
          onClick={() => onChoose(option)}
        >
          {labels[option]}
        </Button>
      ))}
    </fieldset>
  );
}
