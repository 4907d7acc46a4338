import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { compare, isAmount, isPositive, toUnits } from '@vault/contract/money';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import { type SwapQuote, type SwapForm as SwapValues, swapForm } from '@vault/contract/schemas/swap';
import { priceSwap, shareOf, spreadBps } from '@vault/contract/swap-pricing';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { FieldError, inputClass, labelClass } from '@vault/ui/field';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { TokenIcon } from '../../components/token-icon';
import { ApiError } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { grouped, NOT_AN_AMOUNT } from '../../lib/money-format';
import { useMoneyConfirm } from '../../lib/money-post';
import { toast } from '../../lib/toast';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { fetchQuote, useSwapRate, validateSwap } from './queries';
import { SwapConfirm } from './swap-confirm';
import { type FlowScreen, rateText, type SwapSide, successText, swapPath } from './swap-options';

type Props = {
  screen: FlowScreen;
  giving: SwapSide[];
  /** What can be received for a given side given. */
  receivingFor: (from: SwapSide | undefined) => SwapSide[];
  initialFrom: string;
  initialTo: string | undefined;
  /** The member's swaps are requests an administrator decides (sdira members, legacy tokens). */
  asRequest: boolean;
};

type Values = z.input<ReturnType<typeof swapForm>>;

/** Read-only fields look like text on a grey field, not like something to type into. */
const readOnlyClass = `${inputClass} read-only:bg-sunken read-only:text-ink-muted`;

/** Digits after the point as typed: the input refuses a 9th (spec 2 §5 "Swap"). */
const typedDecimals = (value: string) => /\.(\d*)/.exec(value)?.[1]?.length ?? 0;

/** The quote can no longer be paid (expired, the market moved): the member needs a new one, in the dialog. */
const isStaleQuote = (error: unknown) =>
  error instanceof ApiError &&
  (error.body.code === ErrorCode.QUOTE_EXPIRED || error.body.code === ErrorCode.PRICE_MOVED);

/**
 * The swap form of spec 2 §2 "Swaps": I have, I want, the amount with its quick buttons, what it receives,
 * the rate and the spread, and Swap. Swap asks the server for a firm quote of exactly this amount and
 * shows it for confirmation; Confirm posts it with an Idempotency-Key (a retry after no answer is sent
 * once), and the server pays exactly the quote or refuses it (expired, moved), never another price.
 */
export function SwapForm({ screen, giving, receivingFor, initialFrom, initialTo, asRequest }: Props) {
  const { flow } = screen;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formId = useId();
  const schema = useMemo(() => swapForm(flow), [flow]);
  const form = useForm<Values, unknown, SwapValues>({
    resolver: zodResolver(schema),
    defaultValues: { coinSymbol: initialFrom, to: initialTo ?? '', amount: '' },
  });
  const { errors } = form.formState;
  const [coin, to, amount] = useWatch({ control: form.control, name: ['coinSymbol', 'to', 'amount'] });
  const from = giving.find((s) => s.coinSymbol === coin);
  const receiving = useMemo(() => receivingFor(from), [receivingFor, from]);
  const target = receiving.find((s) => s.coinSymbol === to);

  // A new "I have" may rule out what was wanted (the same token, a pair not offered): take the first offered.
  useEffect(() => {
    const next = receiving[0]?.coinSymbol ?? '';
    if (!receiving.some((s) => s.coinSymbol === to) && next !== to) form.setValue('to', next);
  }, [receiving, to, form]);

  const rate = useSwapRate(flow, from?.coinSymbol, target?.coinSymbol);
  const preview = rate.data;
  const receive = useMemo(() => {
    const typed = (amount ?? '').trim();
    if (!preview || !target || !isAmount(typed) || toUnits(typed) <= 0n) return null;
    if (from && !fitsDecimals(typed, from.decimals)) return null;
    return priceSwap(typed, {
      fromPrice: preview.fromPrice,
      toPrice: preview.toPrice,
      spreadBps: spreadBps(preview.spreadPercent),
      toDecimals: target.decimals,
    });
  }, [amount, preview, target, from]);

  const [quote, setQuote] = useState<SwapQuote | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  // Confirming the same swap again after no answer reuses its Idempotency-Key: it happens once.
  const { submitting, confirm: pay } = useMoneyConfirm();

  const ids = {
    from: `${formId}-from`,
    to: `${formId}-to`,
    amount: `${formId}-amount`,
    receive: `${formId}-receive`,
    balance: `${formId}-balance`,
    rate: `${formId}-rate`,
  };

  const amountField = form.register('amount');
  const lastAmount = useRef('');
  const onAmountChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    if (typedDecimals(input.value) > 8) {
      // Refused: the field keeps what it had, the caret where it was before the keystroke.
      const caret = Math.max(
        0,
        (input.selectionStart ?? input.value.length) - (input.value.length - lastAmount.current.length),
      );
      input.value = lastAmount.current;
      input.setSelectionRange(caret, caret);
      return;
    }
    lastAmount.current = input.value;
    void amountField.onChange(event);
  };

  const setShare = (numerator: number, denominator: number) => {
    if (!from) return;
    if (!isPositive(from.balance)) {
      form.setError('amount', { message: messages.insufficientBalance }, { shouldFocus: true });
      return;
    }
    const value = shareOf(from.balance, numerator, denominator, from.decimals);
    lastAmount.current = value;
    form.setValue('amount', value, { shouldValidate: true });
  };

  /** Asks for a firm quote of exactly this swap and opens the confirmation with it. */
  const getQuote = async (body: SwapValues) => {
    const fresh = await fetchQuote(flow, body.coinSymbol, body.to, body.amount.trim());
    setQuote(fresh);
    setStaleMessage(null);
    return fresh;
  };

  const onSwap = form.handleSubmit(async (body) => {
    const chosen = giving.find((s) => s.coinSymbol === body.coinSymbol);
    // The server decides; these spare a round trip the member can already see would fail (spec 2 §5).
    if (chosen && !isPositive(chosen.balance)) {
      form.setError('amount', { message: messages.insufficientBalance }, { shouldFocus: true });
      return;
    }
    if (chosen && !fitsDecimals(body.amount, chosen.decimals)) {
      form.setError('amount', { message: decimalsMessage(chosen.decimals) }, { shouldFocus: true });
      return;
    }
    if (chosen && compare(body.amount, chosen.balance) > 0) {
      form.setError('amount', { message: messages.insufficientBalance }, { shouldFocus: true });
      return;
    }
    setQuoting(true);
    try {
      // The asset swap asks validate-swap first and shows its message when the status is false (spec 2 §4).
      if (flow === 'assets') {
        const check = await validateSwap(flow, body.coinSymbol, body.to, body.amount.trim());
        if (!check.status) {
          form.setError('amount', { message: check.message }, { shouldFocus: true });
          return;
        }
      }
      await getQuote(body);
      setDialogOpen(true);
    } catch (error) {
      showServerError(error, form.setError);
    } finally {
      setQuoting(false);
    }
  });

  const requote = async () => {
    const values = form.getValues();
    setQuoting(true);
    try {
      await getQuote({ coinSymbol: values.coinSymbol, to: values.to, amount: values.amount.trim() });
    } catch (error) {
      setDialogOpen(false);
      showServerError(error, form.setError);
    } finally {
      setQuoting(false);
    }
  };

  const confirm = () => {
    if (!quote) return;
    const request = quote.byRequest;
    const body = {
      coinSymbol: quote.from,
      amount: quote.amount,
      to: quote.to,
      quoteId: quote.quoteId,
      ...(request ? { requestType: flow === 'legacy' ? 'legacy' : '' } : {}),
    };
    return pay(swapPath(flow, request), body, {
      done: (res: { message: string }) => {
        toast.success(successText(flow, request, res.message));
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
        setDialogOpen(false);
        navigate('/cryptocurrency');
      },
      refused: (error) => {
        // Expired or moved: nothing moved; the dialog stays and says why, the member asks for a new quote.
        if (isStaleQuote(error)) return setStaleMessage(errorText(error));
        setDialogOpen(false);
        setQuote(null);
        showServerError(error, form.setError);
      },
    });
  };

  const onExpired = useCallback(() => setStaleMessage(messages.swapQuoteExpired), []);
  const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;
  const action = asRequest ? 'Swap Request' : 'Swap';

  return (
    <>
      <form onSubmit={onSwap} noValidate aria-label={action} className={`space-y-5 ${cardClass}`}>
        <div className="grid gap-5 sm:grid-cols-2">
          <SidePicker
            id={ids.from}
            label="I have"
            sides={giving}
            selected={from}
            error={errors.coinSymbol?.message}
            describedBy={ids.balance}
            register={form.register('coinSymbol')}
          />
          <SidePicker
            id={ids.to}
            label="I want"
            sides={receiving}
            selected={target}
            error={errors.to?.message}
            register={form.register('to')}
          />
        </div>
        {from ? (
          <p id={ids.balance} className="-mt-2 text-sm text-ink-muted">
            Available balance:{' '}
            <span className="font-semibold text-ink tabular-nums">
              {grouped(from.balance, from.displayDecimals)} {from.coinSymbol}
            </span>
          </p>
        ) : null}

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.amount} className={labelClass}>
              Swap amount
            </label>
            <input
              id={ids.amount}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy(errors.amount && `${ids.amount}-error`, ids.balance)}
              className={`${inputClass} tabular-nums`}
              {...amountField}
              onChange={onAmountChange}
            />
            <FieldError id={`${ids.amount}-error`} message={errors.amount?.message} />
            <div className="mt-2 flex flex-wrap gap-2">
              {screen.quick.map((q) => (
                <Button
                  key={q.label}
                  variant="secondary"
                  size="sm"
                  aria-label={q.name}
                  onClick={() => setShare(q.numerator, q.denominator)}
                >
                  {q.label}
                </Button>
              ))}
            </div>
          </div>
          <div>
            <label htmlFor={ids.receive} className={labelClass}>
              Receive amount
            </label>
            <input
              id={ids.receive}
              readOnly
              value={receive && target ? `${grouped(receive.receiveAmount, target.decimals)} ${target.coinSymbol}` : ''}
              placeholder={target ? `0 ${target.coinSymbol}` : '0'}
              aria-describedby={ids.rate}
              className={`${readOnlyClass} tabular-nums`}
            />
          </div>
        </div>

        <RatePanel id={ids.rate} rate={rate} from={from} target={target} />

        {asRequest ? (
          <p className="text-sm text-ink-muted">
            Your request goes to the vault's administrators (treasury review, 3-4 working days). The amount you swap is
            held from your balance until they approve it (you receive the quoted amount) or reject it (it is returned).
          </p>
        ) : null}

        <Button type="submit" className="w-full sm:w-auto" busy={quoting} aria-haspopup="dialog">
          {action}
        </Button>
      </form>

      <SwapConfirm
        open={dialogOpen}
        onOpenChange={(open) => !submitting && setDialogOpen(open)}
        quote={quote}
        target={target}
        fromSide={from}
        request={quote?.byRequest ?? asRequest}
        submitting={submitting}
        requoting={quoting}
        staleMessage={staleMessage}
        onConfirm={confirm}
        onRequote={requote}
        onExpired={onExpired}
      />
    </>
  );
}

/** "I have" or "I want": a select of tokens with the chosen one's icon beside it. */
function SidePicker(props: {
  id: string;
  label: string;
  sides: SwapSide[];
  selected: SwapSide | undefined;
  error: string | undefined;
  describedBy?: string;
  register: UseFormRegisterReturn;
}) {
  const { id, label, sides, selected, error } = props;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-3">
        {selected ? (
          <TokenIcon url={selected.icon.url} symbol={selected.coinSymbol} color={selected.coinColor} />
        ) : null}
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={[props.describedBy, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
          className={inputClass}
          {...props.register}
        >
          {sides.map((s) => (
            <option key={s.coinSymbol} value={s.coinSymbol}>
              {`${s.name} (${s.coinSymbol})`}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The rate for one unit (spec 2 §7: the preview asks for amount 1) and the spread it includes. */
function RatePanel({
  id,
  rate,
  from,
  target,
}: {
  id: string;
  rate: ReturnType<typeof useSwapRate>;
  from: SwapSide | undefined;
  target: SwapSide | undefined;
}) {
  let body: ReactNode;
  if (!from || !target) body = <p>Choose what you have and what you want to see the rate.</p>;
  else if (rate.data) {
    const q = rate.data;
    body = (
      <>
        <p className="font-semibold text-ink tabular-nums">{rateText(q.from, q.rate, q.to, target.decimals)}</p>
        <p>
          Includes the vault's spread of {q.spreadPercent} %, taken from what you receive. Market rate:{' '}
          <span className="tabular-nums">{rateText(q.from, q.marketRate, q.to, target.decimals)}</span>.
        </p>
      </>
    );
  } else if (rate.isPending) body = <p>Getting the rate…</p>;
  else {
    // Rate lookups that fail are not an error of the screen (spec 2 §8): Swap still asks for a firm quote.
    body = (
      <p>
        Rate {NOT_AN_AMOUNT}: it could not be loaded.{' '}
        <button type="button" className="font-semibold text-ink underline" onClick={() => void rate.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <div id={id} aria-live="polite" className="space-y-1 rounded-xl bg-sunken px-4 py-3 text-sm text-ink-muted">
      {body}
    </div>
  );
}
