import type { ReactNode } from 'react';
import { Tabs } from '../../components/tabs';
import { CATEGORIES, type CategoryKey } from './portfolio';

/** The five wallet tabs (spec 1 §2), each with its number of wallets, in the wallets card. */
export function DashboardTabs({
  active,
  onSelect,
  counts,
  children,
}: {
  active: CategoryKey;
  onSelect: (key: CategoryKey) => void;
  counts: Record<CategoryKey, number>;
  children: ReactNode;
}) {
  return (
    <Tabs
      items={CATEGORIES.map((c) => ({ key: c.key, label: c.tab, count: counts[c.key] }))}
      active={active}
      onSelect={onSelect}
      label="Wallets"
      idPrefix="wallet"
      countNoun="wallets"
      bleed
    >
      {children}
    </Tabs>
  );
}
