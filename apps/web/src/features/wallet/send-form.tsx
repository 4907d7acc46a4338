import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { compare, isAmount, isPositive, multiply } from '@vault/contract/money';
import { decimalsMessage, fitsDecimals, type SendTokensBody, sendTokensBody } from '@vault/contract/schemas/ledger';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { FieldError, FieldFrame, inputClass, labelClass, TextArea, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { TokenIcon } from '../../components/token-icon';
import { showServerError } from '../../lib/form-errors';
import { grouped, HIDDEN, usd } from '../../lib/money-format';
import { useMoneyConfirm } from '../../lib/money-post';
import { toast } from '../../lib/toast';
import { Masked } from './masked';
import { useHiddenBalances } from './portfolio-hidden';
import { walletKeys } from './queries';
import { addRecentSend, type RecentSend } from './recent-sends';

/**
 * What the form needs of a wallet; crypto wallets are shaped into it too (spec 2 §2: they offer Send).
 * `decimals` are the decimals its amounts show: a native token's own, 5 for crypto (spec 1 §9).
 */
export type SendableWallet = Pick<
  NativeWallet,
  'coinSymbol' | 'displayName' | 'icon' | 'decimals' | 'balance' | 'onHold' | 'price'
>;

type Props = {
  /** The wallets the member may send from (each shown with its balance). */
  wallets: SendableWallet[];
  initialCoin: string;
  /** The coin cannot be changed (/Q-tokens sends dollar tokens only). */
  lockedCoin?: boolean;
  /** sdira members ask an administrator instead of sending (spec 2 §1). */
  asRequest: boolean;
  /** The member's e-mail: the key of the local recent-sends list. */
  memberEmail: string;
  /** What goes beside the form; it gets `refill` to put a recent send back into the form. */
  aside?: (refill: (entry: RecentSend) => void) => ReactNode;
  /** Put the focus in the first field once shown (it replaced what had the focus). */
  focusOnMount?: boolean;
};

type Values = z.input<typeof sendTokensBody>;

/** What a confirmation sends: the checked body (its Idempotency-Key is the money poster's business). */
type Pending = { body: SendTokensBody };

const USD_DECIMALS = 2;

/** Read-only fields look like text on a grey field, not like something to type into. */
const readOnlyClass = `${inputClass} read-only:bg-sunken read-only:text-ink-muted`;

/** A 4xx: the server looked at the send and refused it, so nothing was sent and the key is spent. */

/** amount × price to the cent, or nothing while the amount is not (yet) a valid amount. */
function usdValue(amount: string, price: string | undefined): string | null {
  const trimmed = amount.trim();
  if (!price || !isAmount(trimmed)) return null;
  try {
    return multiply(trimmed, price, USD_DECIMALS);
  } catch {
    return null;
  }
}

/**
 * The send form of spec 2 §2 "Send tokens": Email, Token (with balance), Amount, Value in USD, Memo;
 * Send Now asks for confirmation, then posts with an Idempotency-Key so a double click or a retry after
 * a lost answer cannot send twice. sdira members post the same payload as a request for approval.
 */
export function SendForm({ wallets, initialCoin, lockedCoin, asRequest, memberEmail, aside, focusOnMount }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formId = useId();
  const form = useForm<Values, unknown, SendTokensBody>({
    resolver: zodResolver(sendTokensBody),
    defaultValues: { to: '', amount: '', coin: initialCoin, memo: '' },
  });
  const { errors } = form.formState;
  const [hidden] = useHiddenBalances();
  useEffect(() => {
    if (focusOnMount) form.setFocus('to');
  }, [focusOnMount, form]);
  const [coin, amount] = useWatch({ control: form.control, name: ['coin', 'amount'] });
  const wallet = wallets.find((w) => w.coinSymbol === coin);
  const value = usdValue(amount, wallet?.price);

  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Confirming the same send again after no answer reuses its Idempotency-Key: it is sent once.
  const { submitting, confirm: send } = useMoneyConfirm();

  const ids = {
    to: `${formId}-to`,
    coin: `${formId}-coin`,
    amount: `${formId}-amount`,
    usd: `${formId}-usd`,
    memo: `${formId}-memo`,
    balance: `${formId}-balance`,
  };

  const onSendNow = form.handleSubmit((body) => {
    const chosen = wallets.find((w) => w.coinSymbol === body.coin);
    // The server decides; these only spare a round trip the member can already see would fail.
    if (chosen && !fitsDecimals(body.amount, chosen.decimals)) {
      form.setError('amount', { message: decimalsMessage(chosen.decimals) }, { shouldFocus: true });
      return;
    }
    if (chosen && compare(body.amount, chosen.balance) > 0) {
      form.setError('amount', { message: messages.insufficientBalance }, { shouldFocus: true });
      return;
    }
    setPending({ body: { ...body, memo: body.memo ? body.memo : undefined } });
    setDialogOpen(true);
  });

  const confirm = () => {
    if (!pending) return;
    const body = pending.body;
    return send(asRequest ? 'request/create-legacy-send-request' : 'native-wallet/send-tokens', body, {
      done: (res: { message: string }) => {
        const sentFrom = wallets.find((w) => w.coinSymbol === body.coin);
        addRecentSend(memberEmail, {
          to: body.to,
          amount: body.amount,
          coin: body.coin,
          memo: body.memo ?? '',
          tokenName: sentFrom?.displayName ?? body.coin,
          tokenImage: sentFrom?.icon.url ?? '',
          decimals: sentFrom?.decimals,
          date: new Date().toISOString(),
        });
        toast.success(res.message);
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
        setDialogOpen(false);
        navigate('/cryptocurrency');
      },
      refused: (error) => {
        setDialogOpen(false);
        setPending(null);
        if (error.status === 404 && !error.body.fields) form.setError('to', { message: error.message });
        showServerError(error, form.setError);
      },
    });
  };

  const refill = (entry: RecentSend) => {
    // A send of a token this form does not offer (any more) would come back as someone else's coin: refuse.
    if (!wallets.some((w) => w.coinSymbol === entry.coin)) {
      toast.error(`${entry.tokenName} (${entry.coin}) cannot be sent from here, so the form was not filled.`, {
        id: 'send-refill',
      });
      return;
    }
    form.clearErrors();
    form.setValue('to', entry.to);
    form.setValue('amount', entry.amount);
    form.setValue('memo', entry.memo);
    form.setValue('coin', entry.coin);
    form.setFocus('to');
    toast(`Form filled with your send of ${entry.amount} ${entry.coin} to ${entry.to}`, { id: 'send-refill' });
  };

  const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;
  const buttonLabel = asRequest ? 'Send Request' : 'Send Now';

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <form
        onSubmit={onSendNow}
        noValidate
        aria-label={asRequest ? 'Send request' : 'Send tokens'}
        className={`space-y-5 ${cardClass} lg:col-span-3`}
      >
        <TextField
          id={ids.to}
          label="Email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="Recipient's e-mail address"
          error={errors.to?.message}
          {...form.register('to')}
        />

        <div>
          <label htmlFor={ids.coin} className={labelClass}>
            Token
          </label>
          <div className="flex items-center gap-3">
            {wallet ? <TokenIcon url={wallet.icon.url} symbol={wallet.coinSymbol} /> : null}
            {lockedCoin ? (
              <>
                <input
                  id={ids.coin}
                  readOnly
                  value={wallet ? `${wallet.displayName} (${wallet.coinSymbol})` : coin}
                  aria-describedby={ids.balance}
                  className={readOnlyClass}
                />
                <input type="hidden" {...form.register('coin')} />
              </>
            ) : (
              <select
                id={ids.coin}
                aria-invalid={errors.coin ? true : undefined}
                aria-describedby={describedBy(ids.balance, errors.coin && `${ids.coin}-error`)}
                className={inputClass}
                {...form.register('coin')}
              >
                {wallets.map((w) => (
                  <option key={w.coinSymbol} value={w.coinSymbol}>
                    {/* An option holds text only: hidden balances are plain asterisks here. */}
                    {`${w.displayName} (${w.coinSymbol}) — Balance ${hidden ? HIDDEN : grouped(w.balance, w.decimals)}`}
                  </option>
                ))}
              </select>
            )}
          </div>
          <FieldError id={`${ids.coin}-error`} message={errors.coin?.message} />
          {wallet ? (
            <p id={ids.balance} className="mt-1 text-sm text-ink-muted">
              Available balance:{' '}
              <span className="font-semibold text-ink">
                <Masked hidden={hidden}>{grouped(wallet.balance, wallet.decimals)}</Masked> {wallet.coinSymbol}
              </span>
              {isPositive(wallet.onHold) ? (
                <span className="text-ink-subtle">
                  {' '}
                  (<Masked hidden={hidden}>{grouped(wallet.onHold, wallet.decimals)}</Masked> {wallet.coinSymbol} on
                  hold for pending requests)
                </span>
              ) : null}
            </p>
          ) : null}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <FieldFrame id={ids.amount} errorId={`${ids.amount}-error`} label="Amount" error={errors.amount?.message}>
            <input
              id={ids.amount}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy(errors.amount && `${ids.amount}-error`, wallet && ids.balance)}
              className={inputClass}
              {...form.register('amount')}
            />
          </FieldFrame>
          <FieldFrame id={ids.usd} errorId={`${ids.usd}-error`} label="Value in USD" error={undefined}>
            <input
              id={ids.usd}
              readOnly
              value={value === null ? '' : usd(value)}
              placeholder="$0.00"
              className={readOnlyClass}
            />
          </FieldFrame>
        </div>

        <TextArea
          id={ids.memo}
          label={
            <>
              Memo / Endorsement <span className="font-normal text-ink-subtle">(optional)</span>
            </>
          }
          rows={3}
          maxLength={200}
          error={errors.memo?.message}
          {...form.register('memo')}
        />

        {asRequest ? (
          <p className="text-sm text-ink-muted">
            Your request goes to the vault's administrators. The amount is held from your balance until they approve it
            (it is then sent) or reject it (it is returned).
          </p>
        ) : null}

        <Button type="submit" className="w-full sm:w-auto" aria-haspopup="dialog">
          {buttonLabel}
        </Button>
      </form>

      {aside ? <div className="lg:col-span-2">{aside(refill)}</div> : null}

      <Modal
        open={dialogOpen}
        // While the send is on its way the dialog stays: closing it would hide the outcome.
        onOpenChange={(open) => !submitting && setDialogOpen(open)}
        title="Are you sure you want to send the tokens?"
        size="sm"
        // Cancel first: Enter pressed twice (Send Now, then again) must not send.
        initialFocus={cancelRef}
      >
        {pending ? (
          <Summary body={pending.body} wallet={wallets.find((w) => w.coinSymbol === pending.body.coin)} />
        ) : null}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={confirm} busy={submitting}>
            Confirm
          </Button>
          <Button ref={cancelRef} variant="secondary" onClick={() => setDialogOpen(false)} disabled={submitting}>
            Cancel
          </Button>
        </div>
      </Modal>
    </div>
  );
}

/** What the member is about to confirm. */
function Summary({ body, wallet }: { body: SendTokensBody; wallet: SendableWallet | undefined }) {
  const value = usdValue(body.amount, wallet?.price);
  return (
    <dl className="divide-y divide-line rounded-xl bg-canvas px-4 text-sm">
      <SummaryRow term="To">{body.to}</SummaryRow>
      <SummaryRow term="Amount">
        {wallet ? grouped(body.amount, Math.max(wallet.decimals, decimalsOf(body.amount))) : body.amount} {body.coin}
      </SummaryRow>
      {value !== null ? <SummaryRow term="Value in USD">{usd(value)}</SummaryRow> : null}
      {body.memo ? <SummaryRow term="Memo">{body.memo}</SummaryRow> : null}
    </dl>
  );
}

/** Decimals the member typed, so the summary never rounds away part of what will be sent. */
const decimalsOf = (amount: string) => amount.split('.')[1]?.length ?? 0;

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-ink-subtle">{term}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-ink">{children}</dd>
    </div>
  );
}
