import type { ReactNode } from 'react';
import { changePercent, isNegative } from '../../lib/money-format';

const tones = {
  light: { down: 'text-danger', up: 'text-success' },
  dark: { down: 'text-danger-on-dark', up: 'text-success-on-dark' },
};

/**
 * A 24h change as spec 1 §9 shows it: signed, 4 decimals, red below zero and green otherwise (lighter
 * shades on the dark header). Nothing when there is no change to show. `children` come first, in the colour.
 */
export function ChangeText({
  change,
  onDark = false,
  className = '',
  children,
}: {
  change: string | null;
  onDark?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  if (!change) return null;
  const tone = tones[onDark ? 'dark' : 'light'][isNegative(change) ? 'down' : 'up'];
  return (
    <span className={`${tone} ${className}`}>
      {children}
      {changePercent(change)}
    </span>
  );
}
