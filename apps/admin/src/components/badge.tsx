import type { ReactNode } from 'react';

const tones = {
  success: 'bg-success-soft text-success ring-success/20',
  danger: 'bg-danger-soft text-danger ring-danger/20',
  warning: 'bg-warning-soft text-warning ring-warning/20',
  info: 'bg-info-soft text-info ring-info/20',
  neutral: 'bg-sunken text-ink-muted ring-line-strong/60',
};

/** A short status word in its colour (docs/ui.md: status text on its -soft background). */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
