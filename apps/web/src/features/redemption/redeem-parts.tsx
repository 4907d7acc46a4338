import { ErrorCode } from '@vault/contract/errors';
import { isAmount, isPositive, multiply } from '@vault/contract/money';
import { REDEEM_CREDIT_TIME, type Redemption, redeemFigures } from '@vault/contract/schemas/redemption';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import { Button, ButtonLink } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { FieldError, inputClass, labelClass } from '@vault/ui/field';
import { LineIcon } from '@vault/ui/line-icon';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useEffect, useRef } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TokenIcon } from '../../components/token-icon';
import type { ApiError } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { grouped, usd } from '../../lib/money-format';
import { useSettings } from '../../lib/settings';
import { nextLotDate } from './redeem-options';

/** What both redeem forms share: the token and amount fields, the confirmation dialog, the answer. */

const describedBy = (...parts: (string | false | undefined | null)[]) => parts.filter(Boolean).join(' ') || undefined;

/** amount × price to the cent, or null while the amount is not (yet) an amount. */
export function usdOf(amount: string, price: string | undefined): string | null {
  const value = amount.trim();
  if (!price || !isAmount(value) || !isAmount(price)) return null;
  try {
    return multiply(value, price, 2);
  } catch {
    return null;
  }
}

/** The redemption fee in percent (settings), or null while unknown. */
function useFeePercent(): string | null {
  return useSettings().data?.redemptionFeePercent ?? null;
}

/** The fee and the payout of `amount` of `wallet`'s token, when there is a fee and the amount is one. */
function feeOf(amount: string, wallet: NativeWallet | undefined, feePercent: string | null) {
  const value = amount.trim();
  if (!wallet || !feePercent || !isPositive(feePercent) || !isAmount(value) || !isAmount(wallet.price)) return null;
  try {
    return { percent: feePercent, ...redeemFigures(value, wallet.price, feePercent, wallet.decimals) };
  } catch {
    return null;
  }
}

/**
 * The confirmation's first lines, the same for both methods: the amount, its value, and with a fee, the fee
 * and what is paid out.
 */
export function useAmountLines() {
  const feePercent = useFeePercent();
  return (amount: string, symbol: string, wallet: NativeWallet | undefined): SummaryLine[] => {
    const value = usdOf(amount, wallet?.price);
    const fee = feeOf(amount, wallet, feePercent);
    const digits = Math.max(wallet?.decimals ?? 0, amount.split('.')[1]?.length ?? 0);
    return [
      { term: 'Amount', value: `${wallet ? grouped(amount, digits) : amount} ${symbol}` },
      ...(value !== null ? [{ term: 'Value in USD', value: usd(value) }] : []),
      ...(fee
        ? [
            { term: `Redemption fee (${fee.percent}%)`, value: `${grouped(fee.fee, wallet?.decimals ?? 8)} ${symbol}` },
            { term: 'Paid out', value: usd(fee.payoutUsd) },
          ]
        : []),
    ];
  };
}

/**
 * What both forms do with a refusal: the dialog closes; a vault not activated (after all) goes where that is
 * explained (spec 2 §6); any other refusal shows on the form, field messages on their fields.
 */
export function useRedeemRefused<T extends FieldValues>(setError: UseFormSetError<T>, close: () => void) {
  const navigate = useNavigate();
  return (error: ApiError) => {
    close();
    if (error.body.code === ErrorCode.NOT_ACTIVATED) {
      navigate('/error');
      return;
    }
    showServerError(error, setError);
  };
}

/**
 * Token (with its balance) and Amount (with its value in USD). Under the token: the balance available, what
 * is on hold for pending requests and, for asset and legacy tokens, how much has been held 1 year and 1 day
 * (redeemable now) and when the next lot qualifies.
 */
export function TokenAmountFields({
  idPrefix,
  wallets,
  wallet,
  amount,
  token,
  amountField,
  tokenError,
  amountError,
}: {
  idPrefix: string;
  wallets: NativeWallet[];
  wallet: NativeWallet | undefined;
  amount: string;
  token: UseFormRegisterReturn;
  amountField: UseFormRegisterReturn;
  tokenError: string | undefined;
  amountError: string | undefined;
}) {
  const ids = {
    token: `${idPrefix}-token`,
    amount: `${idPrefix}-amount`,
    balance: `${idPrefix}-balance`,
    usd: `${idPrefix}-usd`,
  };
  const value = usdOf(amount, wallet?.price);
  const fee = feeOf(amount, wallet, useFeePercent());
  return (
    <>
      <div>
        <label htmlFor={ids.token} className={labelClass}>
          Token
        </label>
        <div className="flex items-center gap-3">
          {wallet ? <TokenIcon url={wallet.icon.url} symbol={wallet.coinSymbol} /> : null}
          <select
            id={ids.token}
            aria-invalid={tokenError ? true : undefined}
            aria-describedby={describedBy(wallet && ids.balance, tokenError && `${ids.token}-error`)}
            className={`${inputClass} min-w-0`}
            {...token}
          >
            <option value="">Choose a token</option>
            {wallets.map((w) => (
              <option key={w.coinSymbol} value={w.coinSymbol}>
                {`${w.displayName} (${w.coinSymbol}) — Balance ${grouped(w.balance, w.decimals)}`}
              </option>
            ))}
          </select>
        </div>
        <FieldError id={`${ids.token}-error`} message={tokenError} />
        {wallet ? <BalanceNote id={ids.balance} wallet={wallet} /> : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.amount} className={labelClass}>
            Amount
          </label>
          <input
            id={ids.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-invalid={amountError ? true : undefined}
            aria-describedby={describedBy(amountError && `${ids.amount}-error`, wallet && ids.balance)}
            className={inputClass}
            {...amountField}
          />
          <FieldError id={`${ids.amount}-error`} message={amountError} />
        </div>
        <div>
          <label htmlFor={ids.usd} className={labelClass}>
            Value in USD
          </label>
          <input
            id={ids.usd}
            readOnly
            value={value === null ? '' : usd(value)}
            placeholder="$0.00"
            aria-describedby={fee ? `${ids.usd}-fee` : undefined}
            className={`${inputClass} read-only:bg-sunken read-only:text-ink-muted`}
          />
          {fee && wallet ? (
            <p id={`${ids.usd}-fee`} className="mt-1 text-sm text-ink-muted">
              Redemption fee ({fee.percent}%): {grouped(fee.fee, wallet.decimals)} {wallet.coinSymbol} · paid out{' '}
              <span className="font-semibold text-ink">{usd(fee.payoutUsd)}</span>
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}

function BalanceNote({ id, wallet }: { id: string; wallet: NativeWallet }) {
  const { redeemable } = wallet;
  return (
    <div id={id} className="mt-1 space-y-0.5 text-sm text-ink-muted">
      <p>
        Available balance:{' '}
        <span className="font-semibold text-ink">
          {grouped(wallet.balance, wallet.decimals)} {wallet.coinSymbol}
        </span>
        {isAmount(wallet.onHold) && isPositive(wallet.onHold) ? (
          <span className="text-ink-subtle">
            {' '}
            ({grouped(wallet.onHold, wallet.decimals)} {wallet.coinSymbol} on hold for pending requests)
          </span>
        ) : null}
      </p>
      {redeemable ? (
        <p>
          Redeemable now (held 1 year and 1 day):{' '}
          <span className="font-semibold text-ink">
            {grouped(redeemable.amount, wallet.decimals)} {wallet.coinSymbol}
          </span>
          {redeemable.nextOn ? (
            <span className="text-ink-subtle">
              {' '}
              · more on <time dateTime={redeemable.nextOn}>{nextLotDate(redeemable.nextOn)}</time>
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

export type SummaryLine = { term: string; value: ReactNode };

/**
 * "Are you sure…?" with what is about to be redeemed. Cancel has the focus first (Enter pressed twice must
 * not redeem); while the request is on its way the dialog stays, as closing it would hide the outcome.
 */
export function ConfirmRedeem({
  open,
  onOpenChange,
  lines,
  submitting,
  onConfirm,
  method,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: SummaryLine[];
  submitting: boolean;
  onConfirm: () => void;
  method: string;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !submitting && onOpenChange(next)}
      title={`Are you sure you want to perform this action using ${method}?`}
      size="sm"
      initialFocus={cancelRef}
    >
      <dl className="divide-y divide-line rounded-xl bg-canvas px-4 text-sm">
        {lines.map((line) => (
          <div key={line.term} className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-ink-subtle">{line.term}</dt>
            <dd className="min-w-0 break-all text-right font-medium text-ink">{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        The tokens are held from your balance at once. Once the request is approved, the credit takes{' '}
        {REDEEM_CREDIT_TIME}; if it is rejected or expires, the tokens are yours again.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={onConfirm} busy={submitting}>
          Confirm
        </Button>
        <Button ref={cancelRef} variant="secondary" onClick={() => onOpenChange(false)} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The answer: the server's message, what was asked and when the credit is expected; focus moves to its
 * heading so a screen reader hears it. The history below already shows the new pending row.
 */
export function RedeemDone({
  message,
  redemption,
  onAgain,
}: {
  message: string;
  redemption: Redemption;
  onAgain: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="redeem-done" className={`${cardClass} space-y-4`} data-testid="redeem-done">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-success-soft">
          <LineIcon path="M5 13l4 4L19 7" className="size-5 text-success" />
        </span>
        <div className="min-w-0">
          <h2 id="redeem-done" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
            Redeem request received
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{message}</p>
        </div>
      </div>
      <dl className="divide-y divide-line rounded-xl bg-canvas px-4 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-ink-subtle">Amount</dt>
          <dd className="text-right font-medium text-ink">
            {grouped(redemption.amount, redemption.token.decimals)} {redemption.sourceAsset}
            <span className="block text-xs font-normal text-ink-subtle">{usd(redemption.usdValue)}</span>
          </dd>
        </div>
        {isPositive(redemption.fee) ? (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-ink-subtle">Fee · paid out</dt>
            <dd className="text-right font-medium text-ink">
              {grouped(redemption.fee, redemption.token.decimals)} {redemption.sourceAsset} ·{' '}
              {usd(redemption.payoutUsd)}
            </dd>
          </div>
        ) : null}
        {redemption.streetAddress ? (
          <div className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-ink-subtle">Paid to</dt>
            <dd className="min-w-0 break-all text-right font-medium text-ink">
              {redemption.targetNetwork ? `${redemption.targetNetwork} · ` : ''}
              {redemption.streetAddress}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-ink-subtle">Expected credit</dt>
          <dd className="text-right font-medium text-ink">{REDEEM_CREDIT_TIME} after approval</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onAgain}>
          Redeem more
        </Button>
        <ButtonLink to="/cryptocurrency" variant="secondary">
          Back to Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
