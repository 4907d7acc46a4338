import { type AdminMarketplaceAd, hideAdBody } from '@vault/contract/schemas/marketplace';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { Facts } from '../../components/facts';
import { FormAlert } from '../../components/form-alert';
import type { Outcome } from '../../components/outcome-notice';
import { ReasonModal } from '../../components/reason-dialog';
import { ApiError } from '../../lib/api';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useMay } from '../../lib/session';
import { AD_STATUS_LABELS, AD_STATUS_TONES, HIDE_PERMISSION, isHideable, offerOf, unitsOf } from './describe';
import { hideAd, useRefreshAds } from './queries';

/**
 * One marketplace ad: its owner, what it offers at what price, what is left (in escrow) and sold, its
 * description; for an administrator who may, Hide on an active or deactivated ad, with a reason (required,
 * kept in the audit log): the ad closes and its unsold units go back to its owner. An ad closed meanwhile
 * (sold out, deleted by its owner, hidden by someone else) is said in the dialog, in the server's words.
 */
export function AdDialog({
  ad,
  onClose,
  onOutcome,
}: {
  ad: AdminMarketplaceAd | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  return (
    <Modal
      open={ad !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={ad ? `Ad of ${unitsOf(ad, ad.totalShares)}` : 'Marketplace ad'}
      size="lg"
    >
      {ad ? <AdBody key={ad._id} ad={ad} onClose={onClose} onOutcome={onOutcome} /> : null}
    </Modal>
  );
}

function AdBody({
  ad,
  onClose,
  onOutcome,
}: {
  ad: AdminMarketplaceAd;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const mayHide = useMay(HIDE_PERMISSION);
  const refresh = useRefreshAds();
  const [hiding, setHiding] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [closedElsewhere, setClosedElsewhere] = useState(false);
  const canHide = mayHide && isHideable(ad) && !closedElsewhere;

  const rows: [string, ReactNode][] = [
    [
      'Owner',
      <Link key="owner" to={`/members/${ad.user._id}`} className="font-medium underline-offset-4 hover:underline">
        {ad.user.name || 'No name'} <span className="break-all text-ink-muted">({ad.user.email})</span>
      </Link>,
    ],
    [
      'Status',
      <span key="status" className="flex flex-wrap gap-1">
        <Badge tone={AD_STATUS_TONES[ad.status]}>{AD_STATUS_LABELS[ad.status]}</Badge>
        {closedElsewhere ? <Badge tone="warning">Since closed</Badge> : null}
      </span>,
    ],
    ['Offers', offerOf(ad)],
    ['Price per unit', `${formatAmount(ad.pricePerShare)} Q`],
    ['Listed', unitsOf(ad, ad.totalShares)],
    // Open: what is left waits in escrow; deleted or hidden: the unsold rest went back to the owner.
    isHideable(ad)
      ? ['Left (in escrow)', unitsOf(ad, ad.remainingShares)]
      : ad.status === 'sold'
        ? ['Left', 'Nothing: sold out']
        : ['Returned to the owner', unitsOf(ad, ad.remainingShares)],
    ['Sold', `${unitsOf(ad, ad.soldShares)} in ${ad.trades} trade${ad.trades === 1 ? '' : 's'}`],
    ['Description', ad.description || '—'],
    ...(ad.hiddenReason ? ([['Hidden because', ad.hiddenReason]] as [string, ReactNode][]) : []),
    ['Created', formatDateTime(ad.createdAt)],
    ['Updated', formatDateTime(ad.updatedAt)],
    [
      'Ad id',
      <span key="id" className="break-all font-mono text-xs">
        {ad._id}
      </span>,
    ],
  ];

  return (
    <div className="space-y-4">
      <Facts rows={rows} />
      <FormAlert>{refusal}</FormAlert>
      {!mayHide ? <p className="text-sm text-ink-muted">Your role may see this ad but not hide it.</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {canHide ? (
          <Button
            variant="danger"
            onClick={() => {
              setRefusal(null);
              setHiding(true);
            }}
          >
            Hide ad
          </Button>
        ) : null}
      </div>

      <ReasonModal
        open={hiding}
        onClose={() => setHiding(false)}
        title="Hide this ad?"
        description={`It leaves the marketplace for good, and the ${unitsOf(ad, ad.remainingShares)} unsold go back from escrow to ${ad.user.email}. The owner is told the reason.`}
        formLabel="Hide ad"
        submitLabel="Hide ad"
        reasonLabel="Reason (required: the owner is told it, and it is kept in the audit log)"
        schema={hideAdBody}
        send={async ({ reason }) => {
          try {
            const res = await hideAd(ad._id, reason);
            return `${res.message}. ${unitsOf(res.data, res.data.remainingShares)} returned to ${res.data.user.email}.`;
          } catch (error) {
            // Closed meanwhile (sold out, deleted, hidden by someone else): said here, the list asks again.
            if (
              error instanceof ApiError &&
              (error.status === 404 || error.status === 409 || error.body.code === 'AD_NOT_AVAILABLE')
            ) {
              setHiding(false);
              setClosedElsewhere(true);
              setRefusal(`${errorText(error)}. The list shows the ad as it is now.`);
              await refresh();
            }
            throw error;
          }
        }}
        onSent={async (message) => {
          setHiding(false);
          onOutcome({ tone: 'info', text: message });
          onClose();
          await refresh();
        }}
      />
    </div>
  );
}
