import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { compare } from '@vault/contract/money';
import { adChanged, type MarketplaceAd } from '@vault/contract/schemas/marketplace';
import { Button, ButtonLink } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { AdDetail, AdPageFrame } from './ad-detail';
import { unitsText } from './ad-text';
import { marketplaceKeys } from './queries';

/**
 * /own-add-details?ad=<id> (spec 2 §2, §4): the member's own ad with its units sold and left, Activate or
 * Deactivate (a confirmation, then PATCH marketplace/ad with the opposite status: a deactivated ad cannot be
 * bought, its units stay in escrow) and Delete (a confirmation, then DELETE marketplace/ad?ad_id=: the unsold
 * rest returns to the vault). Someone else's ad opens as /marketplace-details would show it.
 */
export function OwnAdDetailsPage() {
  return <AdPageFrame own>{(ad) => (ad.isOwn ? <OwnAd ad={ad} /> : <NotYours ad={ad} />)}</AdPageFrame>;
}

function NotYours({ ad }: { ad: MarketplaceAd }) {
  return (
    <div className="space-y-6">
      <AdDetail ad={ad} own={false} />
      <ButtonLink to={`/marketplace-details?ad=${encodeURIComponent(ad._id)}`}>Acquire units of this ad</ButtonLink>
    </div>
  );
}

type Asking = 'toggle' | 'delete' | null;

function OwnAd({ ad }: { ad: MarketplaceAd }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const next = ad.status === 'active' ? 'deactivated' : 'active';
  const refresh = () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });

  const toggle = useMutation({
    mutationFn: async () =>
      adChanged.parse(await api('marketplace/ad', { method: 'PATCH', body: { adId: ad._id, status: next } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(marketplaceKeys.ad(ad._id), answer.data);
      void refresh();
      setAsking(null);
      toast.success(answer.message);
    },
    onError: (error) => {
      setAsking(null);
      void refresh();
      toast.error(errorText(error));
    },
  });
  const remove = useMutation({
    mutationFn: async () =>
      adChanged.parse(await api(`marketplace/ad?ad_id=${encodeURIComponent(ad._id)}`, { method: 'DELETE' })),
    onSuccess: (answer) => {
      void refresh();
      setAsking(null);
      toast.success(answer.message);
      navigate('/marketplace?mode=exchange');
    },
    onError: (error) => {
      setAsking(null);
      void refresh();
      toast.error(errorText(error));
    },
  });
  const busy = toggle.isPending || remove.isPending;
  const holdsUnits = ad.status === 'active' || ad.status === 'deactivated';
  const unsold = compare(ad.remainingShares, '0') > 0;

  return (
    <div className="space-y-6">
      <AdDetail ad={ad} own />
      <section aria-labelledby="manage-heading" className={`${cardClass} space-y-4`}>
        <h2 id="manage-heading" className="font-semibold text-ink">
          Manage your ad
        </h2>
        {holdsUnits ? (
          <>
            <p className="text-sm text-ink-muted">
              {ad.status === 'active'
                ? 'Members can acquire its units now. Deactivate it to pause it: its units stay in escrow.'
                : 'It is paused: members cannot acquire its units. Activate it to offer them again.'}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="secondary" onClick={() => setAsking('toggle')}>
                {ad.status === 'active' ? 'Deactivate' : 'Activate'}
              </Button>
              <Button variant="danger" onClick={() => setAsking('delete')}>
                Delete
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-ink-muted">Every unit of this ad was acquired: there is nothing left to manage.</p>
        )}
      </section>
      <Modal
        open={asking !== null}
        onOpenChange={(open) => !busy && !open && setAsking(null)}
        title={
          asking === 'delete'
            ? messages.adDeleteConfirm
            : next === 'deactivated'
              ? messages.adDeactivateConfirm
              : messages.adActivateConfirm
        }
        size="sm"
        initialFocus={cancelRef}
      >
        <p className="text-sm text-ink-muted">
          {asking === 'delete'
            ? unsold
              ? `The ${unitsText(ad, ad.remainingShares)} not acquired return to your vault.`
              : 'The ad closes.'
            : next === 'deactivated'
              ? 'Members will not be able to acquire its units until you activate it again.'
              : 'Members will be able to acquire its units again.'}
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            variant={asking === 'delete' ? 'danger' : 'primary'}
            busy={busy}
            onClick={() => (asking === 'delete' ? remove.mutate() : toggle.mutate())}
          >
            {asking === 'delete' ? 'Delete' : next === 'deactivated' ? 'Deactivate' : 'Activate'}
          </Button>
          <Button ref={cancelRef} variant="secondary" disabled={busy} onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </div>
      </Modal>
    </div>
  );
}
