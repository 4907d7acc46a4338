import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditResponse, BACKOFFICE_PAGE_SIZE } from '@vault/contract/schemas/backoffice';
import { api, queryString } from '../../lib/api';

/** The audit log's filters and page, as the address bar holds them (a search can be shared, reloaded, gone back to). */
export type AuditFilters = { admin: string; action: string; member: string; from: string; to: string };
export type AuditListState = AuditFilters & { page: number; limit: number };

export const NO_FILTERS: AuditFilters = { admin: '', action: '', member: '', from: '', to: '' };
export const AUDIT_DEFAULTS: AuditListState = { ...NO_FILTERS, page: 1, limit: BACKOFFICE_PAGE_SIZE };
const FILTER_KEYS = ['admin', 'action', 'member', 'from', 'to'] as const;

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads the state from the address; anything unreadable takes its default (the server checks the rest). */
export function readAuditState(params: URLSearchParams): AuditListState {
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, (params.get(key) ?? '').trim().slice(0, 254)]),
  ) as AuditFilters;
  return {
    ...filters,
    page: positive(params.get('page'), 1, 1_000_000),
    limit: positive(params.get('limit'), AUDIT_DEFAULTS.limit, 100),
  };
}

/** The address of a state: only what differs from the defaults. */
export function auditParams(state: AuditListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'page', 'limit'] as const) {
    if (state[key] !== AUDIT_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

export const filtersOf = ({ admin, action, member, from, to }: AuditListState): AuditFilters => ({
  admin,
  action,
  member,
  from,
  to,
});
export const isFiltered = (state: AuditListState) => FILTER_KEYS.some((key) => state[key] !== '');

/** The CSV export's address: the same filters, no page. */
export const auditCsvPath = (state: AuditListState) => `admin/audit.csv${queryString(filtersOf(state))}`;

export const auditKey = ['audit'] as const;

/** GET /api/admin/audit: one page of the log, newest first, with the filters of the address. */
export function useAudit(state: AuditListState) {
  return useQuery({
    queryKey: [...auditKey, state],
    queryFn: () => api(`admin/audit${queryString({ ...state })}`, auditResponse),
    placeholderData: keepPreviousData,
  });
}
