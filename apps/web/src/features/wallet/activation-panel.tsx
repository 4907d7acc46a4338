import { useQueryClient } from '@tanstack/react-query';
import { compare, multiply, subtract } from '@vault/contract/money';
import type { UserInfoResponse } from '@vault/contract/schemas/user';
import type { ActivationAsset, CurrencyInfo } from '@vault/contract/schemas/wallet';
import { Button, linkClass } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { errorText } from '@vault/ui/error-text';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { TokenChoice } from '../../components/token-choice';
import { api } from '../../lib/api';
import { grouped, usd } from '../../lib/money-format';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { DepositAddress } from './activation-deposit-address';
import { Masked } from './masked';
import { useHiddenBalances } from './portfolio-hidden';
import { walletKeys } from './queries';

const enough = (asset: ActivationAsset) => compare(asset.balance, asset.requiredAmount) >= 0;

/**
 * The send screen of a vault that is not activated yet (spec 1 §4 "Wallet state"): deposit the value of
 * 21 silver tokens in one of the accepted coins, then press Activate Now. The server checks the balance
 * at the current rates and answers how much is needed when it is short.
 */
export function ActivationPanel({ assets, onActivated }: { assets: ActivationAsset[]; onActivated?: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(() => (assets.find(enough) ?? assets[0])?.coinSymbol ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const asset = assets.find((a) => a.coinSymbol === chosen);
  const [hidden] = useHiddenBalances();

  const activate = async () => {
    if (!asset || submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await api<{ message: string; user: UserInfoResponse['user'] }>('native-wallet/activateUserWallet', {
        body: { coinSymbol: asset.coinSymbol },
      });
      toast.success(res.message);
      onActivated?.();
      // The page turns into the send form at once; fresh wallets and user info follow.
      queryClient.setQueryData<UserInfoResponse>(queryKeys.userInfo, (old) => old && { ...old, user: res.user });
      queryClient.setQueryData<CurrencyInfo>(walletKeys.currencyInfo, (old) => old && { ...old, user: res.user });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    } catch (error) {
      const text = errorText(error);
      setFailure(text);
      toast.error(text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="activation-title" className={cardClass}>
      <h2 id="activation-title" className="text-lg font-semibold text-ink">
        Activate your vault
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Sending tokens needs an activated vault. Activation takes a contribution worth at least 21 silver asset tokens
        (21 oz of 0.999 fine silver). Deposit the amount shown in one of the coins below to your vault address, then
        press Activate Now. Tokens received from other members do not count.
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        Or{' '}
        <Link to="/contribute" className={linkClass}>
          contribute by direct wire
        </Link>
        : your vault is activated when the wire is credited.
      </p>

      {assets.length === 0 ? (
        <p className="mt-6 rounded-xl bg-warning-soft p-4 text-sm text-warning ring-1 ring-warning/20">
          No coin is accepted for activation at the moment. Please try again later or contact support.
        </p>
      ) : (
        <>
          <fieldset className="mt-6">
            <legend className="text-sm font-medium text-ink">Choose the coin you deposit</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {assets.map((a) => (
                <TokenChoice
                  key={a.coinSymbol}
                  name={a.name}
                  symbol={a.coinSymbol}
                  iconUrl={a.icon.url}
                  detail={`Needs ${grouped(a.requiredAmount, a.decimals)} ${a.coinSymbol}`}
                  group="activation-coin"
                  checked={chosen === a.coinSymbol}
                  onChoose={() => {
                    setChosen(a.coinSymbol);
                    setFailure(null);
                  }}
                />
              ))}
            </div>
          </fieldset>

          {asset ? (
            <div className="mt-6 space-y-5">
              <dl className="grid gap-3 sm:grid-cols-2">
                <Fact term="Required amount">
                  {grouped(asset.requiredAmount, asset.decimals)} {asset.coinSymbol}
                  <span className="block text-xs font-normal text-ink-subtle">
                    ≈ {usd(multiply(asset.requiredAmount, asset.rate, 2))}, the value of 21 silver tokens
                  </span>
                </Fact>
                <Fact term="Your balance">
                  <Masked hidden={hidden}>{grouped(asset.balance, asset.decimals)}</Masked> {asset.coinSymbol}
                  <span className={`block text-xs font-normal ${enough(asset) ? 'text-success' : 'text-warning'}`}>
                    {enough(asset)
                      ? 'Enough to activate with this coin.'
                      : hidden
                        ? // What is missing would tell the hidden balance.
                          'Not enough to activate with this coin yet.'
                        : `Deposit at least ${grouped(subtract(asset.requiredAmount, asset.balance), asset.decimals)} ${asset.coinSymbol} more.`}
                  </span>
                </Fact>
              </dl>

              <DepositAddress address={asset.address} coinSymbol={asset.coinSymbol} coinName={asset.name} />

              <div>
                <Button onClick={activate} busy={submitting} className="w-full sm:w-auto">
                  Activate Now
                </Button>
                {failure ? (
                  <p className="mt-2 text-sm text-danger" id="activation-failure">
                    {failure}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-canvas px-4 py-3 ring-1 ring-line">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-subtle">{term}</dt>
      <dd className="mt-1 text-base font-semibold text-ink">{children}</dd>
    </div>
  );
}
