import type { ColumnDef } from '@tanstack/react-table';
import type { AdminMarketplaceAd } from '@vault/contract/schemas/marketplace';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { memberColumn, openColumn, PhoneLines } from '../../components/desk-columns';
import { DeskList, type DeskTexts } from '../../components/desk-list';
import { LocalDateTime } from '../../components/local-date-time';
import { formatAmount } from '../../lib/format';
import { useMay } from '../../lib/session';
import { AdDialog } from './ad-dialog';
import { AD_STATUS_LABELS, AD_STATUS_TONES, HIDE_PERMISSION, isHideable, offerOf, offerState } from './describe';
import { AD_FILTER_LABELS, AD_FILTERS, adsParams, readAdsState, useAds } from './queries';

/**
 * /admin/marketplace (issue 17 item 7): members' marketplace ads, active ones first, filtered by status and
 * paged in the address: who offers what, at what price per unit, how much is left and sold. A row opens the
 * ad (ad-dialog.tsx), where an administrator who may hides an abusive one with a reason (required): it closes
 * and its unsold units go back from escrow to its owner.
 */
export function MarketplaceAdsPage() {
  const [params, setParams] = useSearchParams();
  const state = readAdsState(params);
  const ads = useAds(state);
  const mayHide = useMay(HIDE_PERMISSION);
  const columns = useCallback((open: (ad: AdminMarketplaceAd) => void) => adColumns(open, mayHide), [mayHide]);

  return (
    <DeskList
      id="marketplace"
      texts={TEXTS}
      query={ads}
      state={state}
      update={(patch) => setParams(adsParams({ ...state, ...patch }))}
      filters={AD_FILTERS}
      filterLabels={AD_FILTER_LABELS}
      columns={columns}
      dialog={(ad, close, onOutcome) => <AdDialog ad={ad} onClose={close} onOutcome={onOutcome} />}
    />
  );
}

const TEXTS: DeskTexts = {
  title: 'Marketplace ads',
  counted: 'ads',
  caption: 'Marketplace ads',
  loading: 'Loading the ads…',
  errorTitle: 'The ads could not be loaded',
  pagerLabel: 'Marketplace ads',
  none: 'No member has listed anything on the marketplace yet.',
  nonePending: 'No ad is waiting.',
  plural: 'ads',
  showAll: 'Show every ad',
};

const ownerOf = (ad: AdminMarketplaceAd) => ad.user;

const adColumns = (open: (ad: AdminMarketplaceAd) => void, mayHide: boolean): ColumnDef<AdminMarketplaceAd>[] => [
  {
    id: 'offer',
    header: 'Offer',
    cell: ({ row }) => {
      const ad = row.original;
      return (
        <span className="block">
          <button
            type="button"
            onClick={() => open(ad)}
            className="text-left text-sm font-semibold text-ink tabular-nums underline-offset-4 hover:underline"
          >
            {offerState(ad)}
          </button>
          <span className="block text-xs text-ink-subtle">{offerOf(ad)}</span>
          {/* On a phone the owner, the price and the status go under the offer (their columns are hidden). */}
          <PhoneLines member={ownerOf(ad)}>
            <span>{formatAmount(ad.pricePerShare)} Q a unit</span>
            <Badge tone={AD_STATUS_TONES[ad.status]}>{AD_STATUS_LABELS[ad.status]}</Badge>
          </PhoneLines>
        </span>
      );
    },
  },
  { ...memberColumn(ownerOf), header: 'Owner' },
  {
    id: 'price',
    header: () => <span className="block text-right">Price per unit</span>,
    meta: { className: 'hidden sm:table-cell text-right whitespace-nowrap tabular-nums' },
    cell: ({ row }) => `${formatAmount(row.original.pricePerShare)} Q`,
  },
  {
    id: 'sold',
    header: () => <span className="block text-right">Sold</span>,
    meta: { className: 'hidden md:table-cell text-right whitespace-nowrap tabular-nums' },
    cell: ({ row }) => (
      <span className="block">
        {formatAmount(row.original.soldShares)}
        <span className="block text-xs text-ink-subtle">
          of {formatAmount(row.original.totalShares)} · {row.original.trades} trade
          {row.original.trades === 1 ? '' : 's'}
        </span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: 'hidden sm:table-cell' },
    cell: ({ row }) => (
      <Badge tone={AD_STATUS_TONES[row.original.status]}>{AD_STATUS_LABELS[row.original.status]}</Badge>
    ),
  },
  {
    id: 'created',
    header: 'Listed',
    meta: { className: 'hidden lg:table-cell whitespace-nowrap tabular-nums' },
    cell: ({ row }) => <LocalDateTime iso={row.original.createdAt} />,
  },
  openColumn(open, (ad) => mayHide && isHideable(ad)),
];
