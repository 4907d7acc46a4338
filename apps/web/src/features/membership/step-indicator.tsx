import { WIZARD_STEPS } from '@vault/contract/schemas/membership';

/** Where the member is in the wizard: the four steps, the current one marked for assistive technology. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Application steps">
      <ol className="grid grid-cols-2 gap-x-3 gap-y-3 md:grid-cols-4 md:gap-2">
        {WIZARD_STEPS.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex min-w-0 items-center gap-2"
            >
              <span
                aria-hidden="true"
                className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-semibold sm:size-8 ${
                  state === 'current'
                    ? 'bg-primary text-on-primary ring-4 ring-primary/25'
                    : state === 'done'
                      ? 'bg-navy-900 text-accent-on-dark'
                      : 'bg-line text-ink-muted'
                }`}
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span
                className={`min-w-0 text-xs leading-tight sm:text-sm ${
                  state === 'current' ? 'font-semibold text-ink' : 'text-ink-muted'
                }`}
              >
                <span className="sr-only">{`Step ${index + 1}: `}</span>
                {name}
                {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
