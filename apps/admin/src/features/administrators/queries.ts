import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminRole,
  administratorsResponse,
  administratorUpdated,
  enrolmentLinkResponse,
} from '@vault/contract/schemas/admin-auth';
import { api } from '../../lib/api';

const listKey = ['administrators'] as const;

/** GET /api/admin/administrators: every administrator, oldest first. */
export function useAdministrators() {
  return useQuery({
    queryKey: listKey,
    queryFn: async () => (await api('admin/administrators', administratorsResponse)).data,
  });
}

function useAdminMutation<V, R>(call: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }) });
}

export const useCreateAdministrator = () =>
  useAdminMutation((body: { email: string; role: AdminRole }) =>
    api('admin/administrators', enrolmentLinkResponse, { body }),
  );

export const useNewEnrolmentLink = () =>
  useAdminMutation((id: string) =>
    api(`admin/administrators/${encodeURIComponent(id)}/enrolment-link`, enrolmentLinkResponse, { method: 'POST' }),
  );

export const useChangeRole = () =>
  useAdminMutation(({ id, ...body }: { id: string; role: AdminRole; reason: string }) =>
    api(`admin/administrators/${encodeURIComponent(id)}/role`, administratorUpdated, { body }),
  );

export const useDisableAdministrator = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api(`admin/administrators/${encodeURIComponent(id)}/disable`, administratorUpdated, { body: { reason } }),
  );
