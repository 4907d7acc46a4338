import type { ReactNode } from 'react';
import { HIDDEN } from '../../lib/money-format';

/**
 * An amount, or asterisks while the member hides balances (spec 1 §2 eye toggle). Screen readers hear
 * "hidden" instead of "star star star star".
 */
export function Masked({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  if (!hidden) return children;
  return (
    <>
      <span aria-hidden="true">{HIDDEN}</span>
      <span className="sr-only">hidden</span>
    </>
  );
}
