import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  BACKOFFICE_PAGE_SIZE,
  MEMBER_SORTS,
  type MemberSort,
  memberDetailResponse,
  membersResponse,
} from '@vault/contract/schemas/backoffice';
import { api, queryString } from '../../lib/api';

export const MEMBER_STATUSES = ['all', 'active', 'blocked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** The members list's state, as the address bar holds it (so a search can be shared, reloaded, gone back to). */
export type MembersListState = { search: string; status: MemberStatus; sort: MemberSort; page: number; limit: number };

export const LIST_DEFAULTS: MembersListState = {
  search: '',
  status: 'all',
  sort: '-createdAt',
  page: 1,
  limit: BACKOFFICE_PAGE_SIZE,
};

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads the list's state from the address; anything unreadable takes its default. */
export function readListState(params: URLSearchParams): MembersListState {
  return {
    search: (params.get('search') ?? '').slice(0, 254),
    status: oneOf(MEMBER_STATUSES, params.get('status'), LIST_DEFAULTS.status),
    sort: oneOf(MEMBER_SORTS, params.get('sort'), LIST_DEFAULTS.sort),
    page: positive(params.get('page'), 1, 1_000_000),
    limit: positive(params.get('limit'), LIST_DEFAULTS.limit, 100),
  };
}

/** The address of a list state: only what differs from the defaults. */
export function listParams(state: MembersListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['search', 'status', 'sort', 'page', 'limit'] as const) {
    if (state[key] !== LIST_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/members: one page of members matching the search and status, in the chosen order. */
export function useMembers(state: MembersListState) {
  return useQuery({
    queryKey: ['members', state],
    queryFn: () => api(`admin/members${queryString({ ...state, search: state.search.trim() })}`, membersResponse),
    // The rows shown stay while the next page or search loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });
}

export const memberKey = (id: string) => ['member', id] as const;

/** GET /api/admin/members/:id: the member's file (profile, application, balances, lots, history, sessions). */
export function useMember(id: string) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: async () => (await api(`admin/members/${encodeURIComponent(id)}`, memberDetailResponse)).data,
  });
}
