import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CatalogueAsset,
  type CatalogueKind,
  type CoinPatchBody,
  catalogueAssetResponse,
  catalogueResponse,
  iconUploadResponse,
  priceHistoryResponse,
  swapSpreadCurrent,
  type TokenPatchBody,
} from '@vault/contract/schemas/catalogue-admin';
import { swapSpreadResponse } from '@vault/contract/schemas/swap';
import { z } from '@vault/contract/zod';
import { api } from '../../lib/api';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: ['catalogue', 'list'] as const,
  prices: (symbol: string) => ['catalogue', 'prices', symbol] as const,
  spread: ['catalogue', 'swap-spread'] as const,
};

/** GET /api/admin/catalogue: every token and coin in display order, and the icons an owner may choose. */
export function useCatalogue() {
  return useQuery({
    queryKey: catalogueKeys.list,
    queryFn: async () => (await api('admin/catalogue', catalogueResponse)).data,
  });
}

/** GET /api/admin/catalogue/prices/:symbol: the graph's history (1, 7, 30 and 90 days). */
export function usePriceHistory(symbol: string) {
  return useQuery({
    queryKey: catalogueKeys.prices(symbol),
    queryFn: async () => (await api(`admin/catalogue/prices/${encodeURIComponent(symbol)}`, priceHistoryResponse)).data,
  });
}

/** GET /api/admin/settings/swap-spread. */
export function useSwapSpread() {
  return useQuery({
    queryKey: catalogueKeys.spread,
    queryFn: async () => (await api('admin/settings/swap-spread', swapSpreadCurrent)).data,
  });
}

/** PATCH /api/admin/catalogue/{tokens|coins}/:symbol: only the fields that changed. */
export function useUpdateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      symbol,
      body,
    }: {
      kind: CatalogueKind;
      symbol: string;
      body: TokenPatchBody | CoinPatchBody;
    }) =>
      api(
        `admin/catalogue/${kind === 'token' ? 'tokens' : 'coins'}/${encodeURIComponent(symbol)}`,
        catalogueAssetResponse,
        {
          method: 'PATCH',
          body,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.list }),
  });
}

/** POST /api/admin/prices: a new price joins the history; the list and the graph are read again. */
export function useSetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { coinSymbol: string; price: string }) =>
      api(
        'admin/prices',
        z.object({ message: z.string(), data: z.object({ coinSymbol: z.string(), price: z.string() }) }),
        { body },
      ),
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueKeys.list }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.prices(body.coinSymbol) }),
      ]),
  });
}

/** POST /api/admin/settings/swap-spread. */
export function useSetSpread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swapSpreadPercent: string) =>
      api('admin/settings/swap-spread', swapSpreadResponse, { body: { swapSpreadPercent } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.spread }),
  });
}

/** POST /api/admin/catalogue/icons: the uploaded icon's path, to choose in the form. */
export async function uploadIcon(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api('admin/catalogue/icons', iconUploadResponse, { body: form });
}

/** A token's or coin's label as the lists show it. */
export const assetLabel = (asset: CatalogueAsset) => `${asset.name} (${asset.coinSymbol})`;
