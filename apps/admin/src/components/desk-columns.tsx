import type { ColumnDef } from '@tanstack/react-table';
import { Button } from '@vault/ui/button';
import type { ReactNode } from 'react';
import { MemberCell } from './member-cell';

type Member = { name?: string | null; email: string };

/** The desks' Member column: hidden on a phone, where the first column says who (`PhoneLines`). */
export const memberColumn = <T,>(memberOf: (row: T) => Member): ColumnDef<T> => ({
  id: 'member',
  header: 'Member',
  meta: { className: 'hidden sm:table-cell' },
  cell: ({ row }) => <MemberCell member={memberOf(row.original)} />,
});

/**
 * The desks' last column: Review where the operator has a step to take, View otherwise. Hidden on a phone,
 * where the first column's button opens the row.
 */
export const openColumn = <T,>(open: (row: T) => void, review: (row: T) => boolean): ColumnDef<T> => ({
  id: 'open',
  header: () => <span className="sr-only">Open</span>,
  meta: { className: 'hidden sm:table-cell text-right' },
  cell: ({ row }) => (
    <Button variant="secondary" size="sm" onClick={() => open(row.original)}>
      {review(row.original) ? 'Review' : 'View'}
    </Button>
  ),
});

/** On a phone, under the first column's button: the member, then what the hidden columns say (`children`). */
export function PhoneLines({ member, children }: { member: Member; children: ReactNode }) {
  return (
    <span className="mt-1 block space-y-1 text-xs sm:hidden">
      <span className="block break-all text-ink">
        {member.name || 'No name'} · {member.email}
      </span>
      <span className="flex flex-wrap items-center gap-1 tabular-nums text-ink-muted">{children}</span>
    </span>
  );
}
