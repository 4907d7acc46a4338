import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { membersResponse } from '@vault/contract/schemas/backoffice';
import { api, queryString } from '../../lib/api';

/** How many members a search shows to choose from. */
export const PICK_LIMIT = 8;

/** Active members (not blocked) whose e-mail or name holds `search`: the one-member form's choices. */
export function useMemberChoices(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['members', 'choices', text],
    queryFn: () =>
      api(
        `admin/members${queryString({ search: text, status: 'active', sort: 'email', limit: PICK_LIMIT })}`,
        membersResponse,
      ),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** How many members a notification to all reaches now: the active ones (the same rule as the server's). */
export function useActiveMemberCount() {
  return useQuery({
    queryKey: ['members', 'active-count'],
    queryFn: async () =>
      (await api(`admin/members${queryString({ status: 'active', limit: 1 })}`, membersResponse)).total,
  });
}
