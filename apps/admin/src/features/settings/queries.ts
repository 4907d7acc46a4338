import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vault/contract/schemas/common';
import { makerCheckerSettingsResponse, makerCheckerSettingsUpdated } from '@vault/contract/schemas/maker-checker';
import { adminSettingsResponse, adminSettingsUpdated } from '@vault/contract/schemas/settings-admin';
import { api } from '../../lib/api';

const settingsKey = ['admin-settings'] as const;
const thresholdKey = ['maker-checker-threshold'] as const;

/** GET /api/admin/settings: maintenance, bank details, the direct wire fee and days, master wallets. */
export function useAdminSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api('admin/settings', adminSettingsResponse)).data,
  });
}

/** PUT one section; the answer is every setting as saved. */
export function useSaveSection(
  section: 'bank-details' | 'direct-wire' | 'redemption-fee' | 'marketplace-fee' | 'master-wallets',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api(`admin/settings/${section}`, adminSettingsUpdated, { method: 'PUT', body }),
    onSuccess: (res) => queryClient.setQueryData(settingsKey, res.data),
  });
}

/** POST /api/admin/settings/maintenance: members' calls answer "We'll be back soon" while it is on. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maintenance: boolean) => api('admin/settings/maintenance', messageResponse, { body: { maintenance } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}

/** The maker-checker threshold (owners only: settings.manage). */
export function useThreshold(enabled: boolean) {
  return useQuery({
    queryKey: thresholdKey,
    enabled,
    queryFn: async () => (await api('admin/settings/maker-checker', makerCheckerSettingsResponse)).data,
  });
}

export function useSetThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (makerCheckerThresholdUsd: string) =>
      api('admin/settings/maker-checker', makerCheckerSettingsUpdated, { body: { makerCheckerThresholdUsd } }),
    onSuccess: (res) => queryClient.setQueryData(thresholdKey, res.data),
  });
}
