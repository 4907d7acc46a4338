import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { compare } from '@vault/contract/money';
import type { CatalogueAsset, CatalogueKind } from '@vault/contract/schemas/catalogue-admin';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { useMemo, useState } from 'react';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { StatusLine } from '../../components/form-alert';
import { formatDateTime } from '../../lib/format';
import { useMay } from '../../lib/session';
import { AssetIcon, Swatch } from './asset-icon';
import { EditAssetDialog } from './edit-asset-dialog';
import { formatUsd } from './format';
import { PriceDialog } from './price-dialog';
import { assetLabel, useCatalogue } from './queries';
import { SpreadPanel } from './spread-panel';

const EMPTY: CatalogueAsset[] = [];
const TYPE_LABELS: Record<CatalogueAsset['type'], string> = {
  liquidity: 'Liquidity',
  asset: 'Asset',
  sdira: 'Legacy',
  crypto: 'Crypto',
};

/**
 * /admin/catalogue (issue 11 item 3): the tokens and coins members see, in their display order, with price,
 * decimals, colour, icon and visibility; Price opens the price history graph (and, for owners, Set price);
 * Edit changes how one is shown. The swap spread below. Changes reach members' open screens at once.
 */
export function CataloguePage() {
  const catalogue = useCatalogue();
  const mayManage = useMay('catalogue.manage');
  const [done, setDone] = useState<string | null>(null);
  const [editing, setEditing] = useState<CatalogueAsset | null>(null);
  const [pricing, setPricing] = useState<CatalogueAsset | null>(null);

  const data = catalogue.data;
  // The dialogs show the row as last read (a change made here, or the list read again).
  const find = (asset: CatalogueAsset | null) =>
    asset && data
      ? ([...data.tokens, ...data.coins].find((a) => a.kind === asset.kind && a.coinSymbol === asset.coinSymbol) ??
        asset)
      : asset;

  return (
    <section aria-labelledby="catalogue-title" className="space-y-5">
      <header className="space-y-1">
        <h1 id="catalogue-title" className="text-2xl font-semibold text-ink">
          Catalogue
        </h1>
        <p className="max-w-3xl text-sm text-ink-muted">
          Tokens and coins as members see them, in display order. Prices, visibility and looks change on members’ open
          screens at once.
        </p>
      </header>

      <StatusLine>{done}</StatusLine>

      {catalogue.isError && data ? <RefreshError query={catalogue} what="The catalogue" /> : null}
      {catalogue.isError && !data ? (
        <LoadError query={catalogue} title="The catalogue could not be loaded" className="py-6" />
      ) : (
        <>
          <AssetTable
            kind="token"
            title="Tokens"
            assets={data?.tokens ?? EMPTY}
            loading={catalogue.isPending}
            mayManage={mayManage}
            onEdit={setEditing}
            onPrice={setPricing}
          />
          <AssetTable
            kind="coin"
            title="Coins"
            assets={data?.coins ?? EMPTY}
            loading={catalogue.isPending}
            mayManage={mayManage}
            onEdit={setEditing}
            onPrice={setPricing}
          />
        </>
      )}

      <SpreadPanel mayManage={mayManage} />

      {editing && data ? (
        <EditAssetDialog
          key={`${editing.kind}:${editing.coinSymbol}`}
          asset={find(editing)!}
          icons={data.icons}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      ) : null}
      {pricing ? (
        <PriceDialog
          key={`${pricing.kind}:${pricing.coinSymbol}`}
          asset={find(pricing)!}
          mayManage={mayManage}
          onClose={() => setPricing(null)}
        />
      ) : null}
    </section>
  );
}

function AssetTable({
  kind,
  title,
  assets,
  loading,
  mayManage,
  onEdit,
  onPrice,
}: {
  kind: CatalogueKind;
  title: string;
  assets: CatalogueAsset[];
  loading: boolean;
  mayManage: boolean;
  onEdit: (asset: CatalogueAsset) => void;
  onPrice: (asset: CatalogueAsset) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'order', desc: false }]);
  const columns = useMemo<ColumnDef<CatalogueAsset>[]>(
    () => [
      {
        id: 'order',
        accessorKey: 'orderIndex',
        header: 'Order',
        sortDescFirst: false,
        // On a phone the order is written under the name instead (the table keeps to the screen's width).
        meta: { className: 'hidden w-16 tabular-nums sm:table-cell' },
      },
      {
        id: 'name',
        accessorFn: (asset) => asset.name,
        header: kind === 'token' ? 'Token' : 'Coin',
        sortDescFirst: false,
        cell: ({ row }) => {
          const asset = row.original;
          return (
            <span className="flex min-w-0 items-center gap-3">
              <AssetIcon url={asset.iconUrl} color={asset.coinColor} symbol={asset.coinSymbol} />
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{asset.name}</span>
                <span className="block text-xs text-ink-subtle">
                  {asset.coinSymbol}
                  {kind === 'token' ? <span className="md:hidden"> · {TYPE_LABELS[asset.type]}</span> : null}
                  <span className="sm:hidden"> · order {asset.orderIndex}</span>
                </span>
                {!asset.isVisibleOnWeb ? (
                  <span className="mt-1 block sm:hidden">
                    <Badge tone="warning">Hidden</Badge>
                  </span>
                ) : null}
              </span>
            </span>
          );
        },
      },
      ...(kind === 'token'
        ? [
            {
              id: 'type',
              header: 'Type',
              enableSorting: false,
              meta: { className: 'hidden md:table-cell' },
              cell: ({ row }) => TYPE_LABELS[row.original.type],
            } satisfies ColumnDef<CatalogueAsset>,
          ]
        : []),
      {
        id: 'price',
        accessorKey: 'price',
        header: 'Price (USD)',
        sortDescFirst: true,
        sortingFn: (a, b) => compare(a.original.price, b.original.price),
        meta: { className: 'text-right tabular-nums' },
        cell: ({ row }) => {
          const asset = row.original;
          return (
            <span className="block text-right">
              <span className="block font-medium whitespace-nowrap text-ink" data-testid={`price-${asset.coinSymbol}`}>
                {formatUsd(asset.price)}
              </span>
              <span className="hidden text-xs text-ink-subtle sm:block">
                {asset.priceFixed
                  ? 'Fixed'
                  : asset.priceSetAt
                    ? `Set ${formatDateTime(asset.priceSetAt)}`
                    : 'Never set'}
              </span>
            </span>
          );
        },
      },
      {
        id: 'decimals',
        accessorKey: 'decimals',
        header: 'Decimals',
        enableSorting: false,
        meta: { className: 'hidden sm:table-cell tabular-nums' },
      },
      {
        id: 'colour',
        header: 'Colour',
        enableSorting: false,
        meta: { className: 'hidden lg:table-cell' },
        cell: ({ row }) => <Swatch color={row.original.coinColor} />,
      },
      {
        id: 'visible',
        header: 'On the web',
        enableSorting: false,
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) =>
          row.original.isVisibleOnWeb ? <Badge tone="success">Shown</Badge> : <Badge tone="warning">Hidden</Badge>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        meta: { className: 'text-right' },
        cell: ({ row }) => {
          const asset = row.original;
          return (
            <span className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Price of ${assetLabel(asset)}`}
                onClick={() => onPrice(asset)}
              >
                Price
              </Button>
              {mayManage ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${assetLabel(asset)}`}
                  onClick={() => onEdit(asset)}
                >
                  Edit
                </Button>
              ) : null}
            </span>
          );
        },
      },
    ],
    [kind, mayManage, onEdit, onPrice],
  );

  const table = useReactTable({
    data: assets,
    columns,
    getRowId: (asset) => asset.coinSymbol,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const sortedBy = sorting[0]
    ? `${sorting[0].id === 'order' ? 'display order' : sorting[0].id}, ${sorting[0].desc ? 'descending' : 'ascending'}`
    : '';

  return (
    <section aria-labelledby={`${kind}-heading`} className="space-y-2">
      <h2 id={`${kind}-heading`} className="text-lg font-semibold text-ink">
        {title}
        {assets.length > 0 ? <span className="ml-2 text-sm font-normal text-ink-muted">{assets.length}</span> : null}
      </h2>
      <DataTable
        table={table}
        caption={`${title}, sorted by ${sortedBy}`}
        loading={loading}
        skeletonRows={kind === 'token' ? 5 : 4}
        empty={
          <EmptyState icon="coins">
            {kind === 'token' ? 'There are no tokens yet.' : 'There are no coins yet.'}
          </EmptyState>
        }
      />
    </section>
  );
}
