import type { ReactNode } from 'react';
import { Button, ButtonLink, type ButtonVariant } from './button';
import { LineIcon } from './line-icon';

/** Line icons of empty states (24×24 paths). */
const icons = {
  box: 'M3 7l9-4 9 4-9 4zm0 0v10l9 4 9-4V7M12 11v10',
  history: 'M3 12a9 9 0 1 0 3-6.7M3 4v5h5M12 7v5l3 2',
  bell: 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
  chart: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  coins:
    'M12 8c4.4 0 8-1.3 8-3s-3.6-3-8-3-8 1.3-8 3 3.6 3 8 3zM4 5v6c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 11v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6',
} as const;

export type EmptyIcon = keyof typeof icons;

export type EmptyAction =
  | { label: string; to: string; state?: unknown; variant?: ButtonVariant }
  | { label: string; onClick: () => void; variant?: ButtonVariant };

/**
 * Nothing to list (yet): an icon, one sentence saying so, and the member's next step as a button or link
 * when there is one. Use it wherever a list, table or chart can come back empty (docs/ui.md).
 */
export function EmptyState({
  icon = 'box',
  children,
  action,
  compact = false,
  className = '',
}: {
  icon?: EmptyIcon;
  /** The sentence. */
  children: ReactNode;
  action?: EmptyAction | undefined;
  /** Less room around it: a dropdown, a side panel. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-center text-center ${compact ? 'gap-2 py-5' : 'gap-3 py-10'} ${className}`}>
      <span
        aria-hidden="true"
        className={`grid shrink-0 place-items-center rounded-full bg-sunken text-ink-subtle ${compact ? 'size-10' : 'size-12'}`}
      >
        <LineIcon path={icons[icon]} className={compact ? 'size-5' : 'size-6'} />
      </span>
      <p className="max-w-sm text-sm text-ink-muted">{children}</p>
      {action ? <NextStep action={action} /> : null}
    </div>
  );
}

function NextStep({ action }: { action: EmptyAction }) {
  const variant = action.variant ?? 'secondary';
  if ('to' in action) {
    return (
      <ButtonLink to={action.to} state={action.state} variant={variant} size="sm">
        {action.label}
      </ButtonLink>
    );
  }
  return (
    <Button variant={variant} size="sm" onClick={action.onClick}>
      {action.label}
    </Button>
  );
}
