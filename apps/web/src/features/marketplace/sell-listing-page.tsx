import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { compare, multiply } from '@vault/contract/money';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import {
  adCreated,
  type CreateAdBody,
  MARKETPLACE_DESCRIPTION_MAX,
  marketplaceQuantity,
  marketplaceValue,
} from '@vault/contract/schemas/marketplace';
import { z } from '@vault/contract/zod';
import { Button, ButtonLink } from '@vault/ui/button';
import { Card, cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { inputClass, labelClass, TextArea, TextField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CoverImage } from '../../components/cover-image';
import type { ApiError } from '../../lib/api';
import { decimalGuard } from '../../lib/decimal-input';
import { grouped } from '../../lib/money-format';
import { useMoneyConfirm } from '../../lib/money-post';
import { toast } from '../../lib/toast';
import { useCurrencyInfo, WALLET_QUERY_ROOT, WALLETS_NOT_LOADED } from '../../lib/wallet-data';
import { findSource, type Source } from './sell-source';
import { textChecked } from './text-field-schema';

/** Spec 2 §5 "Sell listing": value and quantity required, at most 8 decimals; the description optional. */
const sellForm = z.object({
  pricePerShare: textChecked(marketplaceValue),
  numShares: textChecked(marketplaceQuantity),
  description: z.string().max(MARKETPLACE_DESCRIPTION_MAX, messages.marketplaceDescriptionTooLong),
});
type Values = { pricePerShare: string; numShares: string; description: string };

/**
 * /silent-wave?mode=sell&coin=<symbol> (an asset token's Exchange) or &pool=<id> (a pool's Exchange), mode 2
 * of spec 2 §2: Value Per Unit (Q), Quantity (Tokens), Description, Total Amount = value × quantity (the money
 * module, never float), payment CQR, Cancel and Post. Post moves the units into escrow at once (POST
 * marketplace/ad through the money poster: one Idempotency-Key per attempt), says 'Your listing has been
 * posted successfully' and opens the member's ads on /marketplace. Only activated vaults list (others: /error).
 */
export function SellListingPage() {
  const [params] = useSearchParams();
  const currency = useCurrencyInfo();
  if (currency.isPending) {
    return (
      <Card>
        <LoadingRows label="Loading your wallets…" />
      </Card>
    );
  }
  if (!currency.data) {
    return (
      <Card>
        <LoadError query={currency} title={WALLETS_NOT_LOADED} />
      </Card>
    );
  }
  if (!currency.data.user.isWalletActivated) return <Navigate to="/error" replace />;
  const source = findSource(currency.data, params);
  if (!source || compare(source.balance, '0') <= 0) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold text-ink">List on CQR Vest</h1>
        <EmptyState icon="coins" className={cardClass} action={{ label: 'Back to CQR Vest', to: '/marketplace' }}>
          {source ? `You hold no ${source.name} to list.` : 'This token is not in your vault.'}
        </EmptyState>
      </div>
    );
  }
  return <SellForm source={source} />;
}

function SellForm({ source }: { source: Source }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { submitting, confirm } = useMoneyConfirm();
  const form = useForm<Values>({
    resolver: zodResolver(sellForm),
    defaultValues: { pricePerShare: '', numShares: '', description: '' },
  });
  const { errors } = form.formState;
  const [value, quantity] = useWatch({ control: form.control, name: ['pricePerShare', 'numShares'] });
  const valueField = form.register('pricePerShare');
  const quantityField = form.register('numShares');
  const [onValue] = useState(() => decimalGuard(8, valueField.onChange));
  const [onQuantity] = useState(() => decimalGuard(8, quantityField.onChange));

  const total =
    marketplaceValue.safeParse(value).success && marketplaceQuantity.safeParse(quantity).success
      ? multiply(value.trim(), quantity.trim(), 2)
      : null;

  const onPost = form.handleSubmit((values) => {
    const numShares = values.numShares.trim();
    const refuse = (message: string) => form.setError('numShares', { message }, { shouldFocus: true });
    if (!fitsDecimals(numShares, source.decimals)) {
      return refuse(
        source.coinType === 'nft' ? messages.marketplacePoolUnitsDecimals : decimalsMessage(source.decimals),
      );
    }
    if (compare(numShares, source.balance) > 0) return refuse(messages.marketplaceInsufficientUnits);
    const body: CreateAdBody = {
      type: 'sell',
      coinType: source.coinType,
      numShares,
      pricePerShare: values.pricePerShare.trim(),
      walletId: source.walletId,
      description: values.description.trim(),
    };
    return confirm('marketplace/ad', body, {
      done: (answer) => {
        adCreated.parse(answer);
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
        toast.success(messages.listingPosted);
        navigate('/marketplace?mode=exchange');
      },
      refused: (error: ApiError) => {
        if (error.body.code === ErrorCode.NOT_ACTIVATED) {
          navigate('/error');
          return;
        }
        const fields = error.body.fields ?? {};
        if (fields.pricePerShare) form.setError('pricePerShare', { message: fields.pricePerShare });
        if (fields.description) form.setError('description', { message: fields.description });
        if (fields.numShares || (!fields.pricePerShare && !fields.description)) {
          form.setError('numShares', { message: fields.numShares ?? errorText(error) }, { shouldFocus: true });
        }
      },
    });
  });

  return (
    <div className="space-y-6">
      <ButtonLink to={source.back} variant="link" className="text-sm">
        Back
      </ButtonLink>
      <form
        noValidate
        onSubmit={onPost}
        className={`${cardClass} mx-auto max-w-2xl space-y-5`}
        aria-labelledby="sell-heading"
      >
        <div className="flex items-center gap-4">
          <CoverImage url={source.image} name={source.name} className="size-12" />
          <div className="min-w-0">
            <h1 id="sell-heading" className="text-xl font-semibold text-ink">
              List {source.name} on CQR Vest
            </h1>
            <p className="text-sm text-ink-muted">
              You hold{' '}
              <span className="font-semibold tabular-nums text-ink">
                {grouped(source.balance, source.decimals)} {source.symbol}
              </span>
              . The units you list wait in escrow until members acquire them.
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Value Per Unit (Q)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            error={errors.pricePerShare?.message}
            {...valueField}
            onChange={onValue}
          />
          <TextField
            label="Quantity (Tokens)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            error={errors.numShares?.message}
            {...quantityField}
            onChange={onQuantity}
          />
        </div>
        <TextArea
          label="Description (optional)"
          rows={3}
          maxLength={MARKETPLACE_DESCRIPTION_MAX}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <p className={labelClass} id="sell-total-label">
              Total Amount
            </p>
            <output aria-labelledby="sell-total-label" className={`${inputClass} bg-sunken font-semibold tabular-nums`}>
              {total === null ? '—' : `${grouped(total, 2)} Q`}
            </output>
          </div>
          <div>
            <p className={labelClass}>Payment</p>
            <p className={`${inputClass} bg-sunken text-ink-muted`}>CQR (Q)</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" busy={submitting}>
            Post
          </Button>
          <Button variant="secondary" disabled={submitting} onClick={() => navigate(source.back)}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
