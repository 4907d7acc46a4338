import { useQueryClient } from '@tanstack/react-query';
import { fillMessage, messages } from '@vault/contract/messages';
import { add } from '@vault/contract/money';
import { type DirectWireRequest, directWireRequest, type RemittanceAddress } from '@vault/contract/schemas/funding';
import { Button, ButtonLink, linkClass, Spinner } from '@vault/ui/button';
import { Card, cardClass } from '@vault/ui/card';
import { CheckboxField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { StatusBadge } from '../../components/status-badge';
import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/date-time';
import { grouped, usd } from '../../lib/money-format';
import { useMoneyConfirm } from '../../lib/money-post';
import { useSettings } from '../../lib/settings';
import { toast } from '../../lib/toast';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';
import { BankDetails } from './bank-details';
import { type DirectWireState, NO_PURCHASE_NOTICE, readDirectWireState, type WireType } from './purchase-options';
import { fundingKeys, useDirectWire, usePurchaseTokens, useRemittanceAddresses } from './queries';

/** What /direct-wire's location state holds once the request is made: the answer, shown on the same route. */
type Created = { created: DirectWireRequest; message: string };

function readCreated(state: unknown): Created | null {
  const s = state as { created?: unknown; message?: unknown } | null;
  const parsed = directWireRequest.safeParse(s?.created);
  return parsed.success ? { created: parsed.data, message: typeof s?.message === 'string' ? s.message : '' } : null;
}

const TYPE_LABEL: Record<WireType, string> = {
  tokenPurchase: 'Token purchase',
  walletActivation: 'Vault activation',
  legacy: 'Legacy deposit (reviewed by an administrator)',
};

/**
 * /direct-wire (spec 2 §2, §4 "Direct wire contribution"): the summary of the purchase the amount form and the
 * settlement dialog chose (state: detail, activationAmount, type), the member's primary remittance address and
 * the terms; Submit creates the request; the same route then shows the order number, the amount to remit, the
 * due date and the bank details to pay into. Without a state there is nothing to settle: back to /vault-token.
 */
export function DirectWirePage() {
  const location = useLocation();
  const created = readCreated(location.state);
  if (created) return <WireCreated created={created.created} message={created.message} />;
  const state = readDirectWireState(location.state);
  if (!state) return <Navigate to="/vault-token" replace state={{ notice: NO_PURCHASE_NOTICE }} />;
  return <WireSummary state={state} />;
}

function WireSummary({ state }: { state: DirectWireState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const tokens = usePurchaseTokens();
  const settings = useSettings();
  const addresses = useRemittanceAddresses();
  const { submitting, confirm } = useMoneyConfirm();
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [addressError, setAddressError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const termsRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLElement>(null);

  const { detail, type } = state;
  const token = tokens.data?.find((t) => t.coinSymbol === detail.token);
  // What the server will ask for: the tokens' value plus the wire fee (the fee is taken from what arrives).
  const toRemit = settings.data ? add(detail.amount, settings.data.directWireFee) : undefined;
  const primary = addresses.data?.find((a) => a.isPrimary);
  const legacy = type === 'legacy';
  const days = settings.data?.directWireExpiryDays;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (!agreed) {
      setTermsError(messages.termsRequired);
      termsRef.current?.focus();
      return;
    }
    if (!primary) {
      setAddressError(messages.selectPrimaryAddress);
      addressRef.current?.focus();
      return;
    }
    const body = legacy
      ? {
          coin: detail.token,
          tokenAmount: detail.tokenAmount,
          tokenRate: detail.tokenRate,
          amount: detail.amount,
          type: 'legacy' as const,
          remittanceAddress: primary._id,
        }
      : {
          amount: detail.amount,
          tokenAmount: detail.tokenAmount,
          tokenRate: detail.tokenRate,
          token: detail.token,
          type,
          remittanceAddress: primary._id,
        };
    void confirm(legacy ? 'request/create-legacy-deposit' : 'direct-wires', body, {
      done: (res: { message: string; data: DirectWireRequest }) => {
        toast.success(res.message);
        queryClient.setQueryData(fundingKeys.wire(res.data._id), res.data);
        // The transactions list, the dashboard and the notifications show the new request.
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        const next: Created = { created: res.data, message: res.message };
        navigate('/direct-wire', { replace: true, state: next });
        window.scrollTo({ top: 0 });
      },
      refused: (error) => {
        const fields = error.body.fields ?? {};
        if (fields.remittanceAddress) {
          setAddressError(fields.remittanceAddress);
          void addresses.refetch();
        }
        setFailure(error.message);
        toast.error(error.message);
      },
    });
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{legacy ? 'Legacy Top-Up by Direct Wire' : 'Direct Wire'}</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Check your contribution, agree to the terms and submit: you then get an order number and the bank details to
          pay into.
        </p>
      </div>

      <form onSubmit={submit} noValidate aria-label="Direct wire contribution" className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <section aria-labelledby={`${formId}-summary`} className={cardClass}>
            <h2 id={`${formId}-summary`} className="text-lg font-semibold text-ink">
              Summary
            </h2>
            <div className="mt-4 flex items-center gap-3">
              <TokenIcon url={token?.icon.url} symbol={detail.token} />
              <p className="font-semibold text-ink">
                {token ? `${token.displayName} (${detail.token})` : detail.token}
              </p>
            </div>
            <dl className="mt-4 divide-y divide-line rounded-xl bg-canvas px-4 text-sm ring-1 ring-line">
              <SummaryRow term="Tokens">
                {grouped(detail.tokenAmount, 2)} {detail.token}
              </SummaryRow>
              <SummaryRow term="Rate">
                1 {detail.token} = {usd(detail.tokenRate)}
              </SummaryRow>
              <SummaryRow term="Value in USD">{usd(detail.amount)}</SummaryRow>
              <SummaryRow term="Wire fee">
                {settings.data ? usd(settings.data.directWireFee) : settings.isError ? 'Not known now' : '…'}
              </SummaryRow>
              <SummaryRow term="Amount to remit">{toRemit ? usd(toRemit) : '…'}</SummaryRow>
              <SummaryRow term="For">{TYPE_LABEL[type]}</SummaryRow>
              {state.activationAmount ? (
                <SummaryRow term="Activation needs">
                  {grouped(state.activationAmount, token?.decimals ?? 8)} {detail.token}
                </SummaryRow>
              ) : null}
            </dl>
            <p className="mt-3 text-xs text-ink-subtle">
              The rate is locked when you submit. The wire fee is added to the amount to remit and taken from what
              arrives before the tokens are issued.
            </p>
          </section>

          <section
            aria-labelledby={`${formId}-address`}
            ref={addressRef}
            tabIndex={-1}
            className={`${cardClass} focus:outline-none`}
          >
            <h2 id={`${formId}-address`} className="text-lg font-semibold text-ink">
              Remitting from
            </h2>
            <PrimaryAddress addresses={addresses} primary={primary} />
            {/* The prompt above already shows the words; this tells a screen reader why Submit did nothing. */}
            <p role="alert" className="sr-only">
              {addressError && !primary ? addressError : ''}
            </p>
          </section>
        </div>

        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby={`${formId}-terms`} className={cardClass}>
            <h2 id={`${formId}-terms`} className="text-lg font-semibold text-ink">
              Terms
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink-muted">
              <li>
                I will remit {usd(toRemit ?? detail.amount)} within {days ?? 3} days ({(days ?? 3) * 24} hours), quoting
                my order number; unpaid requests expire after that.
              </li>
              <li>The tokens are issued at the locked rate for what arrives, less the wire fee.</li>
              <li>
                The wire comes from the account of my primary remittance address, under my{' '}
                <Link to="/remittance" className={linkClass}>
                  Remittance Agreement
                </Link>
                .
              </li>
              {legacy ? <li>An administrator reviews legacy deposits before the tokens are issued.</li> : null}
            </ul>
            <CheckboxField
              ref={termsRef}
              className="mt-4"
              label="I agree to the terms and conditions."
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                if (e.target.checked) setTermsError(undefined);
              }}
              error={termsError}
            />
            <p role="alert" className="sr-only">
              {termsError ?? ''}
            </p>
            <Button type="submit" busy={submitting} className="mt-5 w-full">
              Submit
            </Button>
            <p role="alert" className="mt-2 text-sm text-danger empty:hidden">
              {failure ?? ''}
            </p>
            <p className="mt-4 text-center text-sm">
              <Link to="/vault-token" className={linkClass}>
                Change the amount
              </Link>
            </p>
          </section>
        </div>
      </form>
    </div>
  );
}

function PrimaryAddress({
  addresses,
  primary,
}: {
  addresses: ReturnType<typeof useRemittanceAddresses>;
  primary: RemittanceAddress | undefined;
}) {
  if (addresses.isPending) {
    return (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm text-ink-muted">
        <Spinner /> Loading your remittance addresses…
      </p>
    );
  }
  if (!addresses.data) {
    return <LoadError query={addresses} title="Your remittance addresses could not be loaded." className="mt-3" />;
  }
  if (!primary) {
    return (
      <div className="mt-3 rounded-xl bg-warning-soft p-4 text-sm text-warning ring-1 ring-warning/20">
        <p className="font-semibold">{messages.selectPrimaryAddress}</p>
        <p className="mt-1">
          {addresses.data.length === 0
            ? 'Add a remittance address (the bank account you wire from) and star it as your primary address.'
            : 'Star one of your remittance addresses as your primary address.'}
        </p>
        <ButtonLink to="/remittance" variant="secondary" size="sm" className="mt-3">
          {addresses.data.length === 0 ? 'Add a remittance address' : 'Choose a primary address'}
        </ButtonLink>
      </div>
    );
  }
  return (
    <address className="mt-3 not-italic text-sm text-ink">
      <span className="font-semibold">{primary.name}</span>
      <span className="block text-ink-muted">{primary.streetAddress}</span>
      <span className="block text-ink-muted">
        {primary.city}, {primary.state} {primary.zipCode}, {primary.country}
      </span>
      <span className="block text-ink-muted">{primary.email}</span>
      <Link to="/remittance" className={`${linkClass} mt-2 inline-block text-sm`}>
        Change the primary address
      </Link>
    </address>
  );
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-ink-subtle">{term}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-ink">{children}</dd>
    </div>
  );
}

/** The success page: the order, the amount to remit, the due date, the thank-you notice and the bank details. */
function WireCreated({ created, message }: { created: DirectWireRequest; message: string }) {
  const wire = useDirectWire(created._id, created);
  const settings = useSettings();
  const data = wire.data ?? created;
  const days = settings.data?.directWireExpiryDays;
  const due = formatDateTime(data.dueAt);
  const legacy = data.method === 'legacy';
  const symbol = data.token.coinSymbol;
  const title = legacy ? 'Legacy deposit requested' : 'Direct wire request created';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {/* The server's message, unless it only repeats the heading. */}
        {message && message !== title ? <p className="mt-1 text-sm text-ink-muted">{message}</p> : null}
      </div>

      <section aria-labelledby="wire-order" className={cardClass}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="wire-order" className="text-lg font-semibold text-ink">
            Order {data.orderId}
          </h2>
          <StatusBadge status={data.status} />
        </div>
        {data.status === 'pending' ? (
          <p className="mt-4 rounded-xl bg-info-soft p-4 text-sm text-info ring-1 ring-info/20">
            {days === undefined
              ? `Please remit ${grouped(data.amount, 2)} USD by ${due}, quoting your order number ${data.orderId}.`
              : fillMessage(messages.directWireThankYou, {
                  amount: grouped(data.amount, 2),
                  days: String(days),
                  hours: String(days * 24),
                  due,
                  orderId: data.orderId,
                })}
          </p>
        ) : data.status === 'completed' ? (
          <p className="mt-4 rounded-xl bg-success-soft p-4 text-sm text-success ring-1 ring-success/20">
            Your wire was received: {grouped(data.issuedAmount ?? data.tokenAmount, data.token.decimals)} {symbol} were
            added to your vault.
          </p>
        ) : (
          <p className="mt-4 rounded-xl bg-danger-soft p-4 text-sm text-danger ring-1 ring-danger/20">
            {data.status === 'expired'
              ? `No funds arrived by ${due}, so this request expired. Make a new one to top up.`
              : `This request was rejected${data.rejectionReason ? `: ${data.rejectionReason}` : '.'}`}
          </p>
        )}
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <Fact term="Order number">
            <span className="flex items-center justify-between gap-2">
              <span className="font-mono">{data.orderId}</span>
              <CopyButton value={data.orderId} what="Order number" />
            </span>
          </Fact>
          <Fact term="Amount to remit">{usd(data.amount)}</Fact>
          <Fact term="Due date">{due}</Fact>
          <Fact term="Tokens">
            {grouped(data.tokenAmount, 2)} {symbol} at {usd(data.tokenRate)}
          </Fact>
          <Fact term="Wire fee">{usd(data.wireFee)}, included in the amount to remit</Fact>
          {data.toName ? <Fact term="Remitter">{data.toName}</Fact> : null}
        </dl>
      </section>

      {settings.data ? (
        <BankDetails settings={settings.data} orderId={data.orderId} />
      ) : settings.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner /> Loading the bank details…
        </p>
      ) : (
        <Card>
          <LoadError query={settings} title="The bank details could not be loaded." />
        </Card>
      )}

      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/cryptocurrency">Back to Dashboard</ButtonLink>
        <ButtonLink to="/remittance" variant="secondary">
          Direct Wire Exchange: your wires
        </ButtonLink>
      </div>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-canvas px-4 py-3 ring-1 ring-line">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-subtle">{term}</dt>
      <dd className="mt-1 text-sm font-semibold text-ink">{children}</dd>
    </div>
  );
}
