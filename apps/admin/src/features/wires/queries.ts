import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_PAGE_SIZE } from '@vault/contract/schemas/backoffice';
import { type AdminWire, adminWire, adminWiresResponse, PURCHASE_STATUSES } from '@vault/contract/schemas/funding';
import { z } from 'zod';
import { api, queryString } from '../../lib/api';

/** The list's status filter: one of the contract's statuses, or every wire (no `status` sent). */
export const WIRE_FILTERS = [...PURCHASE_STATUSES, 'all'] as const;
export type WireFilter = (typeof WIRE_FILTERS)[number];
export const FILTER_LABELS: Record<WireFilter, string> = {
  pending: 'Pending',
  completed: 'Completed',
  expired: 'Expired',
  rejected: 'Rejected',
  all: 'All',
};

/** The wires list's state, as the address holds it (`?status=&page=&limit=`): pending wires first of all. */
export type WiresListState = { status: WireFilter; page: number; limit: number };
export const WIRES_DEFAULTS: WiresListState = { status: 'pending', page: 1, limit: BACKOFFICE_PAGE_SIZE };

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads the state from the address; anything unreadable takes its default. */
export function readWiresState(params: URLSearchParams): WiresListState {
  const status = params.get('status') ?? '';
  return {
    status: (WIRE_FILTERS as readonly string[]).includes(status) ? (status as WireFilter) : WIRES_DEFAULTS.status,
    page: positive(params.get('page'), 1, 100_000),
    limit: positive(params.get('limit'), WIRES_DEFAULTS.limit, 100),
  };
}

/** The address of a list state: only what differs from the defaults. */
export function wiresParams(state: WiresListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'page', 'limit'] as const) {
    if (state[key] !== WIRES_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/wires?status&page&limit: a page of members' direct wire requests. */
export function useWires(state: WiresListState) {
  return useQuery({
    queryKey: ['wires', 'list', state],
    queryFn: () =>
      api(
        `admin/wires${queryString({ status: state.status === 'all' ? undefined : state.status, page: state.page, limit: state.limit })}`,
        adminWiresResponse,
      ),
    placeholderData: keepPreviousData,
    // Members' wires arrive and expire while the screen is open: asked again every 30 seconds (and on focus).
    refetchInterval: 30_000,
  });
}

const adminWireResponse = z.object({ data: adminWire });

/** GET /api/admin/wires/:id: one wire as it is now (the list's row stands in until it answers). */
export function useWire(wire: AdminWire | null) {
  return useQuery({
    queryKey: ['wires', 'one', wire?._id],
    queryFn: async () => (await api(`admin/wires/${encodeURIComponent(wire?._id ?? '')}`, adminWireResponse)).data,
    enabled: wire !== null,
    placeholderData: wire ?? undefined,
  });
}

/**
 * After a decision: the wires, and every screen that shows what it moved (the ledger, the approvals queue
 * where a wire above the threshold waits, a member's file, the overview) asks again.
 */
export function useRefreshAfterWire() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['wires', 'ledger', 'approvals', 'member', 'members', 'overview'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
