import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@vault/contract/errors';
import { fillMessage, messages } from '@vault/contract/messages';
import { compare, multiply } from '@vault/contract/money';
import { decimalsMessage } from '@vault/contract/schemas/ledger';
import { exchangeResponse, type MarketplaceAd, marketplaceQuantity } from '@vault/contract/schemas/marketplace';
import { VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { z } from '@vault/contract/zod';
import { Button, ButtonLink } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../lib/api';
import { decimalGuard } from '../../lib/decimal-input';
import { grouped } from '../../lib/money-format';
import { useMoneyConfirm } from '../../lib/money-post';
import { toast } from '../../lib/toast';
import { useCurrencyInfo, WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { AdDetail, AdPageFrame } from './ad-detail';
import { adToken, fitsAd, qText, unitsText } from './ad-text';
import { textChecked } from './text-field-schema';

/**
 * /marketplace-details?ad=<id> (spec 2 §2): an ad with Acquire. Number of units (at most what is left, to the
 * token's decimals: a pool's 2), the total in Q, a confirmation (Cancel first), then POST marketplace/exchange
 * {adId, numShares} through the money poster (one Idempotency-Key per attempt). Only activated members
 * acquire (others: /error). After a trade the balances, the ad and the lists refresh, and the page says what
 * was acquired.
 */
export function AdDetailsPage() {
  return <AdPageFrame>{(ad) => <AdWithAcquire ad={ad} />}</AdPageFrame>;
}

// As text in (the field), the contract's quantity rules on it.
const acquireForm = z.object({ numShares: textChecked(marketplaceQuantity) });
type Values = { numShares: string };

function AdWithAcquire({ ad }: { ad: MarketplaceAd }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currency = useCurrencyInfo();
  const { submitting, confirm } = useMoneyConfirm();
  const [asking, setAsking] = useState<{ numShares: string; total: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const form = useForm<Values>({ resolver: zodResolver(acquireForm), defaultValues: { numShares: '' } });
  const typed = useWatch({ control: form.control, name: 'numShares' }) ?? '';
  const field = form.register('numShares');
  const [onUnits] = useState(() => decimalGuard(8, field.onChange));
  const token = adToken(ad);
  const q = currency.data?.nativeWallets.find((w) => w.coinSymbol === VAULT_CURRENCY);
  const activated = currency.data?.user.isWalletActivated;
  const total =
    marketplaceQuantity.safeParse(typed).success && fitsAd(ad, typed.trim())
      ? multiply(typed.trim(), ad.pricePerShare, 2)
      : null;

  if (ad.isOwn) {
    return (
      <div className="space-y-6">
        <AdDetail ad={ad} own />
        <ButtonLink to={`/own-add-details?ad=${encodeURIComponent(ad._id)}`}>Manage your ad</ButtonLink>
      </div>
    );
  }

  const onAcquire = form.handleSubmit((values) => {
    if (!activated) {
      navigate('/error');
      return;
    }
    const numShares = values.numShares.trim();
    const refuse = (message: string) => form.setError('numShares', { message }, { shouldFocus: true });
    if (!fitsAd(ad, numShares)) {
      return refuse(ad.coinType === 'nft' ? messages.marketplacePoolUnitsDecimals : decimalsMessage(token.decimals));
    }
    if (compare(numShares, ad.remainingShares) > 0) {
      return refuse(
        fillMessage(messages.marketplaceUnitsLeft, { remaining: grouped(ad.remainingShares, token.decimals) }),
      );
    }
    const cost = multiply(numShares, ad.pricePerShare, 2);
    if (q && compare(cost, q.balance) > 0) return refuse(messages.marketplaceInsufficientBalance);
    setDone(null);
    setAsking({ numShares, total: cost });
  });

  const confirmAcquire = () => {
    if (!asking) return;
    void confirm(
      'marketplace/exchange',
      { adId: ad._id, numShares: asking.numShares },
      {
        done: (answer) => {
          const { message, data } = exchangeResponse.parse(answer);
          setAsking(null);
          form.reset({ numShares: '' });
          void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
          toast.success(message);
          setDone(`${message}: ${unitsText(ad, data.numShares)} for ${qText(data.total)}.`);
        },
        refused: (error: ApiError) => {
          setAsking(null);
          if (error.body.code === ErrorCode.NOT_ACTIVATED) {
            navigate('/error');
            return;
          }
          // Units of an opportunity pool need a subscription (spec 2 §6), as acquiring from the treasury does.
          if (error.body.code === ErrorCode.SUBSCRIPTION_REQUIRED) {
            toast.error(messages.notSubscribed, { id: 'not-subscribed' });
            navigate('/subscription');
            return;
          }
          // The ad changed (sold, paused, deleted) or the balance did: show what is true now. The reason stays
          // in a toast too, as the refreshed page may no longer show the ad (paused ads are their owner's).
          void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
          refuseOnField(error);
          toast.error(errorText(error));
        },
      },
    );
  };
  const refuseOnField = (error: ApiError) =>
    form.setError('numShares', { message: error.body.fields?.numShares ?? errorText(error) }, { shouldFocus: true });

  const open = ad.status === 'active' && compare(ad.remainingShares, '0') > 0;
  return (
    <div className="space-y-6">
      <AdDetail ad={ad} own={false} />
      <section aria-labelledby="acquire-heading" className={`${cardClass} space-y-4`}>
        <h2 id="acquire-heading" className="font-semibold text-ink">
          Acquire
        </h2>
        {done ? (
          <p role="status" className="rounded-lg bg-success-soft px-3 py-2 text-sm text-success">
            {done}
          </p>
        ) : null}
        {open ? (
          <form noValidate onSubmit={onAcquire} className="space-y-4">
            <TextField
              label="Number of units"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              error={form.formState.errors.numShares?.message}
              {...field}
              onChange={onUnits}
            />
            <div className="flex flex-wrap items-baseline justify-between gap-3 rounded-lg bg-sunken px-3 py-2 text-sm">
              <span className="text-ink-muted">Total</span>
              <span className="font-semibold tabular-nums text-ink" aria-live="polite">
                {total === null ? '—' : qText(total)}
              </span>
            </div>
            <p className="text-xs text-ink-subtle">
              Paid with your CQR Dollars{q ? `: you have ${qText(q.balance)}` : ''}. Up to{' '}
              {unitsText(ad, ad.remainingShares)} are available.
            </p>
            <Button type="submit">Acquire</Button>
          </form>
        ) : (
          <p className="text-sm text-ink-muted">
            {ad.status === 'deactivated'
              ? 'Its owner has paused this ad: its units cannot be acquired for now.'
              : messages.marketplaceAdNotAvailable}
          </p>
        )}
      </section>
      <Modal
        open={asking !== null}
        onOpenChange={(next) => !submitting && !next && setAsking(null)}
        title={messages.adAcquireConfirm}
        size="sm"
        initialFocus={cancelRef}
      >
        {asking ? (
          <p className="text-sm text-ink-muted">
            <span className="font-semibold text-ink">{unitsText(ad, asking.numShares)}</span> of {token.name} for{' '}
            <span className="font-semibold text-ink">{qText(asking.total)}</span>, paid to {ad.user.name}.
          </p>
        ) : null}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button busy={submitting} onClick={confirmAcquire}>
            Confirm
          </Button>
          <Button ref={cancelRef} variant="secondary" disabled={submitting} onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </div>
      </Modal>
    </div>
  );
}
