import { useQueryClient } from '@tanstack/react-query';
import type { RedeemAddress } from '@vault/contract/schemas/redeem-addresses';
import type { DirectWireRedeemBody, Redemption } from '@vault/contract/schemas/redemption';
import type { NativeWallet } from '@vault/contract/schemas/wallet';
import { Button, linkClass } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { FieldError } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useMoneyConfirm } from '../../lib/money-post';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { useRedeemAddresses } from './queries';
import {
  ConfirmRedeem,
  RedeemDone,
  type SummaryLine,
  TokenAmountFields,
  usdOf,
  useAmountLines,
  useRedeemRefused,
} from './redeem-parts';
import { directWireResolver, type DirectWireValues as Values } from './redeem-resolvers';

/** Where the member adds a redeem address: the remittance hub's Direct Wire Redeem Address (spec 2 §2). */
export const ADD_ADDRESS_LINK = '/remittance?tab=redeem';

/** One line naming a redeem address: its name, bank and the end of the account number. */
export const addressLine = (a: Pick<RedeemAddress, 'name' | 'bankName' | 'accountNumber'>) =>
  `${a.name} · ${a.bankName} · ••••${a.accountNumber.slice(-4)}`;

/**
 * /withdrawal-directwire's form (spec 2 §2 Redeem, §3 direct-wire redeem): token, amount and one of the
 * member's redeem addresses; Redeem asks to confirm, then POST /direct-wires/withdraw with an
 * Idempotency-Key. A member without a redeem address is led to add one first.
 */
export function DirectWireRedeemForm({ wallets, initialCoin }: { wallets: NativeWallet[]; initialCoin: string }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const addresses = useRedeemAddresses();
  const walletsRef = useRef(wallets);
  walletsRef.current = wallets;
  const [resolver] = useState(() =>
    directWireResolver((coin) => walletsRef.current.find((w) => w.coinSymbol === coin)),
  );
  const form = useForm<Values, unknown, DirectWireRedeemBody>({
    resolver,
    defaultValues: { token: initialCoin, amount: '', withdrawalAddress: '' },
  });
  const { errors } = form.formState;
  const [coin, amount, chosenId] = useWatch({ control: form.control, name: ['token', 'amount', 'withdrawalAddress'] });
  const wallet = wallets.find((w) => w.coinSymbol === coin);
  const list = addresses.data ?? [];

  const [pending, setPending] = useState<DirectWireRedeemBody | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<{ message: string; data: Redemption } | null>(null);
  const { submitting, confirm } = useMoneyConfirm();
  const amountLines = useAmountLines();
  const refused = useRedeemRefused(form.setError, () => {
    setDialogOpen(false);
    setPending(null);
  });

  const onRedeem = form.handleSubmit((body) => {
    const address = list.find((a) => a._id === body.withdrawalAddress);
    const chosen = wallets.find((w) => w.coinSymbol === body.token);
    const value = usdOf(body.amount, chosen?.price);
    // What the member saw: the server prices the request and reads the address itself.
    setPending({
      ...body,
      ...(value !== null ? { withdrawAmount: value } : {}),
      ...(address ? { withdrawalAddressData: address } : {}),
    });
    setDialogOpen(true);
  });

  const onConfirm = () => {
    if (!pending) return;
    void confirm('direct-wires/withdraw', pending, {
      done: (answer: { message: string; data: Redemption }) => {
        setDialogOpen(false);
        setDone(answer);
        form.reset({ token: pending.token, amount: '', withdrawalAddress: pending.withdrawalAddress });
        setPending(null);
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      },
      refused,
    });
  };

  if (done) return <RedeemDone message={done.message} redemption={done.data} onAgain={() => setDone(null)} />;

  if (addresses.isPending) {
    return (
      <div className={cardClass}>
        <LoadingRows label="Loading your redeem addresses…" count={2} />
      </div>
    );
  }
  if (!addresses.data) {
    return (
      <div className={cardClass}>
        <LoadError query={addresses} title="Your redeem addresses could not be loaded" />
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className={cardClass}>
        <EmptyState icon="box" action={{ label: 'Add a redeem address', to: ADD_ADDRESS_LINK, variant: 'primary' }}>
          A direct wire is paid to a bank account of yours. Add a redeem address (your bank's details) in the Remittance
          hub's Direct Wire Redeem Address, then come back to redeem.
        </EmptyState>
      </div>
    );
  }

  const addressError = errors.withdrawalAddress?.message;
  const chosenAddress = list.find((a) => a._id === pending?.withdrawalAddress);

  return (
    <>
      <form onSubmit={onRedeem} noValidate aria-label="Redeem by direct wire" className={`space-y-5 ${cardClass}`}>
        <TokenAmountFields
          idPrefix={formId}
          wallets={wallets}
          wallet={wallet}
          amount={amount}
          token={form.register('token')}
          amountField={form.register('amount')}
          tokenError={errors.token?.message}
          amountError={errors.amount?.message}
        />

        <fieldset
          aria-describedby={addressError ? `${formId}-address-error` : undefined}
          aria-invalid={addressError ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-ink">Redeem to</legend>
          <div className="grid gap-2">
            {list.map((a) => (
              <label
                key={a._id}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-focus/40 ${
                  chosenId === a._id ? 'border-primary bg-primary-soft' : 'border-line hover:border-line-strong'
                }`}
              >
                <input
                  type="radio"
                  value={a._id}
                  className="mt-1 size-4 shrink-0 accent-navy-800"
                  {...form.register('withdrawalAddress')}
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{a.name}</span>
                  <span className="block break-words text-ink-muted">
                    {a.accountTitle} · {a.bankName} · account ••••{a.accountNumber.slice(-4)}
                  </span>
                  <span className="block break-words text-xs text-ink-subtle">{a.address}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${formId}-address-error`} message={addressError} />
          <p className="mt-2 text-sm text-ink-muted">
            Another bank account?{' '}
            <Link to={ADD_ADDRESS_LINK} className={linkClass}>
              Manage your redeem addresses
            </Link>
          </p>
        </fieldset>

        <Button type="submit" className="w-full sm:w-auto" aria-haspopup="dialog">
          Redeem
        </Button>
      </form>

      <ConfirmRedeem
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        method="Direct wire"
        submitting={submitting}
        onConfirm={onConfirm}
        lines={
          pending
            ? summary(
                amountLines(
                  pending.amount,
                  pending.token,
                  wallets.find((w) => w.coinSymbol === pending.token),
                ),
                chosenAddress,
              )
            : []
        }
      />
    </>
  );
}

function summary(amountLines: SummaryLine[], address: RedeemAddress | undefined): SummaryLine[] {
  return [...amountLines, ...(address ? [{ term: 'Redeem to', value: addressLine(address) }] : [])];
}
