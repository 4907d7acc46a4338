import { useQueryClient } from '@tanstack/react-query';
import type { CryptoRedeemBody, RedeemNetwork, Redemption } from '@vault/contract/schemas/redemption';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import { STELLAR_MEMO_TYPES, TARGET_ACCOUNT_FIELDS, type TargetNetwork } from '@vault/contract/target-accounts';
import { Button, Spinner } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { FieldError, inputClass, labelClass } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMoneyConfirm } from '../../lib/money-post';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { useRedeemNetworks } from './queries';
import { ADDRESS_LABEL, emptyAccount, FIELD_TEXT, knownNetworks, type TargetField } from './redeem-options';
import {
  ConfirmRedeem,
  RedeemDone,
  type SummaryLine,
  TokenAmountFields,
  useAmountLines,
  useRedeemRefused,
} from './redeem-parts';
import { cryptoRedeemResolver, type CryptoRedeemValues as Values } from './redeem-resolvers';

type Pending = { body: CryptoRedeemBody; network: RedeemNetwork };

/**
 * /withdrawal's form (spec 2 §2 Redeem, §3 Redeem request, §4 Target-network forms): token, amount, network
 * (GET /coinqvest/networks), then that network's target account. Redeem asks to confirm, then posts
 * POST /coinqvest/request with an Idempotency-Key (a retry after no answer cannot redeem twice).
 */
export function CryptoRedeemForm({ wallets, initialCoin }: { wallets: NativeWallet[]; initialCoin: string }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const networks = useRedeemNetworks();
  const available = knownNetworks(networks.data ?? []);
  const walletOf = (coin: string) => wallets.find((w) => w.coinSymbol === coin);
  // Made once; it reads the wallets of now (a live balance update must not rebuild the form).
  const walletsRef = useRef(wallets);
  walletsRef.current = wallets;
  const [resolver] = useState(() =>
    cryptoRedeemResolver((coin) => walletsRef.current.find((w) => w.coinSymbol === coin)),
  );
  const form = useForm<Values, unknown, CryptoRedeemBody>({
    resolver,
    defaultValues: { tokenId: initialCoin, amount: '', targetNetwork: '', targetAccount: {} },
  });
  const { errors } = form.formState;
  const [coin, amount, networkCode] = useWatch({ control: form.control, name: ['tokenId', 'amount', 'targetNetwork'] });
  const wallet = walletOf(coin);
  const network = available.find((n) => n.code === networkCode);

  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<{ message: string; data: Redemption } | null>(null);
  const { submitting, confirm } = useMoneyConfirm();
  const amountLines = useAmountLines();
  const refused = useRedeemRefused(form.setError, () => {
    setDialogOpen(false);
    setPending(null);
  });

  const onRedeem = form.handleSubmit((body) => {
    const chosen = available.find((n) => n.code === body.targetNetwork);
    if (!chosen) return;
    // Stellar pays out the asset the member asked for: it is the request's target asset too.
    const targetAsset = body.targetNetwork === 'STELLAR' ? body.targetAccount.asset : undefined;
    setPending({ body: { ...body, targetAsset }, network: chosen });
    setDialogOpen(true);
  });

  const onConfirm = () => {
    if (!pending) return;
    void confirm('coinqvest/request', pending.body, {
      done: (answer: { message: string; data: Redemption }) => {
        setDialogOpen(false);
        setPending(null);
        setDone(answer);
        form.reset({ tokenId: pending.body.tokenId, amount: '', targetNetwork: '', targetAccount: {} });
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      },
      refused,
    });
  };

  if (done) return <RedeemDone message={done.message} redemption={done.data} onAgain={() => setDone(null)} />;

  const ids = { network: `${formId}-network` };
  const fields: readonly TargetField[] = network ? TARGET_ACCOUNT_FIELDS[network.code as TargetNetwork] : [];

  return (
    <>
      <form onSubmit={onRedeem} noValidate aria-label="Redeem through COINQVEST" className={`space-y-5 ${cardClass}`}>
        <TokenAmountFields
          idPrefix={formId}
          wallets={wallets}
          wallet={wallet}
          amount={amount}
          token={form.register('tokenId')}
          amountField={form.register('amount')}
          tokenError={errors.tokenId?.message}
          amountError={errors.amount?.message}
        />

        <div>
          <label htmlFor={ids.network} className={labelClass}>
            Network
          </label>
          {networks.isPending ? (
            <p role="status" className="flex items-center gap-2 py-2 text-sm text-ink-muted">
              <Spinner /> Loading the networks…
            </p>
          ) : networks.isError && !networks.data ? (
            <LoadError query={networks} title="The networks could not be loaded" />
          ) : (
            <select
              id={ids.network}
              aria-invalid={errors.targetNetwork ? true : undefined}
              aria-describedby={errors.targetNetwork ? `${ids.network}-error` : undefined}
              className={inputClass}
              {...form.register('targetNetwork', {
                onChange: (event: { target: { value: string } }) => {
                  const next = available.find((n) => n.code === event.target.value);
                  form.setValue('targetAccount', next ? emptyAccount(next.code) : {});
                  form.clearErrors('targetAccount');
                },
              })}
            >
              <option value="">Choose a network</option>
              {available.map((n) => (
                <option key={n.code} value={n.code}>
                  {n.name}
                </option>
              ))}
            </select>
          )}
          <FieldError id={`${ids.network}-error`} message={errors.targetNetwork?.message} />
        </div>

        {network ? (
          <fieldset className="space-y-4 rounded-xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold text-ink">{network.name} account</legend>
            {fields.map((field) => (
              <AccountField
                key={`${network.code}-${field}`}
                id={`${formId}-${field}`}
                field={field}
                network={network.code as TargetNetwork}
                error={errors.targetAccount?.[field]?.message}
                register={form.register}
              />
            ))}
          </fieldset>
        ) : null}

        <Button type="submit" className="w-full sm:w-auto" aria-haspopup="dialog">
          Redeem
        </Button>
      </form>

      <ConfirmRedeem
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        method="COINQVEST"
        submitting={submitting}
        onConfirm={onConfirm}
        lines={
          pending
            ? summary(pending, amountLines(pending.body.amount, pending.body.tokenId, walletOf(pending.body.tokenId)))
            : []
        }
      />
    </>
  );
}

/** One field of the target account: a text input, or the memo type's choice. */
function AccountField({
  id,
  field,
  network,
  error,
  register,
}: {
  id: string;
  field: TargetField;
  network: TargetNetwork;
  error: string | undefined;
  register: ReturnType<typeof useForm<Values, unknown, CryptoRedeemBody>>['register'];
}) {
  const text = FIELD_TEXT[field];
  const label = field === 'address' ? ADDRESS_LABEL[network] : text.label;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', text.hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const control =
    field === 'memoType' ? (
      <select id={id} className={inputClass} aria-describedby={describedBy} {...register(`targetAccount.${field}`)}>
        {STELLAR_MEMO_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    ) : (
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} font-mono`}
        {...register(`targetAccount.${field}`)}
      />
    );
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label} {text.optional ? <span className="font-normal text-ink-subtle">(optional)</span> : null}
      </label>
      {control}
      {text.hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-subtle">
          {text.hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function summary(pending: Pending, amountLines: SummaryLine[]): SummaryLine[] {
  const { body, network } = pending;
  const account = Object.entries(body.targetAccount as Record<string, string | undefined>)
    .filter(([, v]) => v)
    .map(([k, v]) => ({
      term: k === 'address' ? ADDRESS_LABEL[body.targetNetwork] : FIELD_TEXT[k as TargetField].label,
      value: v,
    }));
  return [...amountLines, { term: 'Network', value: network.name }, ...account];
}
