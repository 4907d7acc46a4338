import { useQuery } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { catalogueResponse } from '@vault/contract/schemas/catalogue-admin';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import { errorText } from '@vault/ui/error-text';
import { inputClass, labelClass } from '@vault/ui/field';
import { type ComponentProps, useId } from 'react';
import { api } from '../lib/api';

export type CatalogueAsset = { symbol: string; name: string; decimals: number };

/** The catalogue's tokens and coins (GET /api/admin/catalogue): symbol, name, decimals, for asset selects. */
export function useCatalogueAssets() {
  return useQuery({
    queryKey: ['assets'],
    queryFn: async (): Promise<CatalogueAsset[]> => {
      const { data } = await api('admin/catalogue', catalogueResponse);
      return [...data.tokens, ...data.coins].map((asset) => ({
        symbol: asset.coinSymbol,
        name: asset.name,
        decimals: asset.decimals,
      }));
    },
    staleTime: 60_000,
  });
}

/** An amount of `symbol` with more decimals than the asset has: the contract's message, else undefined. */
export function decimalsError(assets: CatalogueAsset[] | undefined, symbol: string, amount: string) {
  const decimals = assets?.find((a) => a.symbol === symbol)?.decimals;
  return decimals !== undefined && !fitsDecimals(amount, decimals) ? decimalsMessage(decimals) : undefined;
}

/**
 * "Asset": a select of the catalogue's assets ("LXAG · Silver token"), with "Loading…" until they come,
 * "Choose an asset" first, and why they could not be loaded. Takes react-hook-form's `register('asset')` (or
 * any select props). An error says the server's or the schema's word on the field, except the contract's
 * generic one, which reads "Choose an asset" here.
 */
export function AssetSelect({
  assets,
  error,
  label = 'Asset',
  ...select
}: Omit<ComponentProps<'select'>, 'children' | 'id'> & {
  assets: ReturnType<typeof useCatalogueAssets>;
  /** The field's error (react-hook-form's `errors.asset`), if any. */
  error?: { message?: string | undefined } | undefined;
  label?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">{assets.isPending ? 'Loading…' : 'Choose an asset'}</option>
        {assets.data?.map((asset) => (
          <option key={asset.symbol} value={asset.symbol}>
            {asset.symbol} · {asset.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error.message && error.message !== messages.invalidRequest ? error.message : 'Choose an asset'}
        </p>
      ) : null}
      {assets.isError ? (
        <p className="mt-1 text-sm text-danger">The assets could not be loaded: {errorText(assets.error)}</p>
      ) : null}
    </div>
  );
}
