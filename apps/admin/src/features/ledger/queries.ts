import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_PAGE_SIZE, entriesResponse } from '@vault/contract/schemas/backoffice';
import { api, queryString } from '../../lib/api';

/** The ledger's filters and page, as the address holds them (a search can be shared, reloaded, gone back to). */
export type LedgerListState = {
  member: string;
  asset: string;
  kind: string;
  from: string;
  to: string;
  page: number;
  limit: number;
};

export const LEDGER_DEFAULTS: LedgerListState = {
  member: '',
  asset: '',
  kind: '',
  from: '',
  to: '',
  page: 1,
  limit: BACKOFFICE_PAGE_SIZE,
};

const TEXT_KEYS = ['member', 'asset', 'kind', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads the state from the address; anything unreadable takes its default (a date must be a day). */
export function readLedgerState(params: URLSearchParams): LedgerListState {
  const day = (key: 'from' | 'to') => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    member: (params.get('member') ?? '').trim().slice(0, 254),
    asset: (params.get('asset') ?? '')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 12),
    kind: (params.get('kind') ?? '').replace(/[^a-zA-Z]/g, '').slice(0, 40),
    from: day('from'),
    to: day('to'),
    page: positive(params.get('page'), 1, 1_000_000),
    limit: positive(params.get('limit'), LEDGER_DEFAULTS.limit, 100),
  };
}

export function ledgerParams(state: LedgerListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [...TEXT_KEYS, 'page', 'limit'] as const) {
    if (state[key] !== LEDGER_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/ledger/entries: a page of entries, newest first, with their postings. */
export function useEntries(state: LedgerListState) {
  return useQuery({
    queryKey: ['ledger', 'entries', state],
    queryFn: () => api(`admin/ledger/entries${queryString(state)}`, entriesResponse),
    placeholderData: keepPreviousData,
  });
}

/** After a credit or a reversal: the ledger, the approvals queue (a waiting action), members' balances. */
export function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['ledger', 'approvals', 'member', 'members', 'overview'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
