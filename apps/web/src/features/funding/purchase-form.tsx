import { zodResolver } from '@hookform/resolvers/zod';
import { fillMessage, messages } from '@vault/contract/messages';
import { compare, isAmount, isPositive, toFixed } from '@vault/contract/money';
import { type PurchaseTerms, purchaseAmount, purchaseQuote } from '@vault/contract/schemas/funding';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { inputClass, labelClass } from '@vault/ui/field';
import { preloadModal } from '@vault/ui/modal';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TokenIcon } from '../../components/token-icon';
import { grouped, usd } from '../../lib/money-format';
import { isIraFlow, settlementMethods, wireType } from './purchase-options';
import { type Purchase, SettlementDialog } from './settlement-dialog';

type Props = {
  terms: PurchaseTerms;
  /** The dollar form (CQR Dollars): at most 99999999, 'Amount less then 8' (spec 2 §5). */
  kind: 'dollar' | 'asset';
  /** The contribution that activates the vault: prefilled with the activation amount, type walletActivation. */
  activation: boolean;
  sdira: boolean;
  /** Put the focus in the amount once shown (Open replaced what had the focus). */
  focusOnMount?: boolean;
};

/** The USD value of what is typed, live, or null while it is not (yet) an amount. */
function liveQuote(amount: string, terms: PurchaseTerms) {
  const typed = amount.trim();
  if (!isAmount(typed) || typed.startsWith('-')) return null;
  try {
    return purchaseQuote(typed, terms.rate, terms.decimals);
  } catch {
    return null;
  }
}

/**
 * The amount form of Get CQR Dollars / Get assets and of the activation contribution (spec 2 §2, §5): the
 * contract's purchaseAmount rules, the USD value live at the rate of purchases/terms, the first asset purchase's
 * minimum, the activation minimum; on Continue the tokens are rounded to 2 decimals and the settlement dialog
 * opens with what will be asked for.
 */
export function PurchaseForm({ terms, kind, activation, sdira, focusOnMount }: Props) {
  const formId = useId();
  const schema = useMemo(() => z.object({ amount: purchaseAmount(kind) }), [kind]);
  const form = useForm<{ amount: string }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: activation ? terms.activationAmount : '' },
  });
  const { errors } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const quote = liveQuote(amount ?? '', terms);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const ira = isIraFlow(sdira, terms.type);
  const symbol = terms.coinSymbol;

  useEffect(() => {
    if (focusOnMount) form.setFocus('amount');
  }, [focusOnMount, form]);

  const ids = { amount: `${formId}-amount`, usd: `${formId}-usd`, hint: `${formId}-hint`, error: `${formId}-error` };

  const onContinue = form.handleSubmit(({ amount: typed }) => {
    // Rounded to 2 decimals on submit (spec 2 §5, §9): what is checked is what will be asked for.
    const rounded = purchaseQuote(typed, terms.rate, terms.decimals);
    const fail = (message: string) => form.setError('amount', { message }, { shouldFocus: true });
    if (!isPositive(rounded.tokenAmount)) return fail(messages.invalidAmount);
    // The server's checks, in its order, so the member hears them before choosing how to pay.
    if (activation && compare(rounded.amount, terms.activationUsd) < 0) {
      return fail(
        fillMessage(messages.activationContributionMinimum, {
          usd: grouped(terms.activationUsd, 2),
          amount: grouped(terms.activationAmount, terms.decimals),
          symbol,
        }),
      );
    }
    if (terms.minimumTokens !== null && compare(rounded.tokenAmount, terms.minimumTokens) < 0) {
      return fail(fillMessage(messages.firstAssetMinimum, { n: toFixed(terms.minimumTokens, 3) }));
    }
    void preloadModal();
    setPurchase({
      token: symbol,
      tokenName: terms.name,
      tokenAmount: rounded.tokenAmount,
      amount: rounded.amount,
      tokenRate: rounded.tokenRate,
      decimals: terms.decimals,
      activationAmount: activation ? terms.activationAmount : null,
      type: wireType(activation, sdira),
    });
    setDialogOpen(true);
  });

  const error = errors.amount?.message;
  const describedBy = [error ? ids.error : null, ids.hint].filter(Boolean).join(' ');

  return (
    <>
      <form
        onSubmit={onContinue}
        noValidate
        aria-label={activation ? 'Activation contribution' : `Get ${terms.name}`}
        className={`space-y-5 ${cardClass}`}
      >
        <div className="flex items-center gap-3">
          <TokenIcon url={terms.icon.url} symbol={symbol} />
          <div className="min-w-0">
            <p className="font-semibold text-ink">
              {terms.name} ({symbol})
            </p>
            <p className="text-sm text-ink-muted">
              1 {symbol} = {usd(terms.rate)}
            </p>
          </div>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.amount} className={labelClass}>
              Amount of {symbol}
            </label>
            <input
              id={ids.amount}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register('amount')}
            />
            <p id={ids.error} role="alert" className="mt-1 text-sm text-danger empty:hidden">
              {error ?? ''}
            </p>
          </div>
          <div>
            <label htmlFor={ids.usd} className={labelClass}>
              Value in USD
            </label>
            <output
              id={ids.usd}
              htmlFor={ids.amount}
              aria-live="polite"
              className={`${inputClass} min-h-[2.625rem] bg-sunken! text-ink-muted`}
            >
              {quote ? usd(quote.amount) : '$0.00'}
            </output>
          </div>
        </div>

        <p id={ids.hint} className="text-sm text-ink-muted">
          {activation
            ? `At least ${grouped(terms.activationAmount, terms.decimals)} ${symbol} (${usd(terms.activationUsd)}, the value of 21 silver asset tokens) activates your vault. `
            : terms.minimumTokens !== null
              ? `Your first asset purchase must reach the value of 21 ICO Ag tokens: at least ${toFixed(terms.minimumTokens, 3)} ${symbol}. `
              : ''}
          Amounts are rounded to 2 decimals when you continue.
        </p>

        <Button type="submit" className="w-full sm:w-auto" aria-haspopup="dialog">
          Continue
        </Button>
      </form>
      <SettlementDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        purchase={purchase}
        methods={settlementMethods(ira)}
        onAmountError={(message) => form.setError('amount', { message }, { shouldFocus: true })}
      />
    </>
  );
}
