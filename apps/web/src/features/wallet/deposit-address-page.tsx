import { linkClass } from '@vault/ui/button';
import { Card, cardClass } from '@vault/ui/card';
import { inputClass, labelClass } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TokenIcon } from '../../components/token-icon';
import { useCurrencyInfo, WALLETS_NOT_LOADED } from '../../lib/wallet-data';
import { DepositAddress } from './activation-deposit-address';

const coinFromState = (state: unknown): string | undefined => {
  const coin = (state as { coin?: unknown } | null)?.coin;
  return typeof coin === 'string' ? coin : undefined;
};

/**
 * /DepositAddress, the receive-address screen (spec 2 §2 Funding screens): a token selector, the member's own
 * deposit address of the chosen coin (made on the first visit) with its QR code, and a copy button that says
 * 'Copied'. The crypto
 * wallets' Top-Up leads here with the coin chosen. Vault tokens are not deposited but bought (the purchase
 * flow), so the screen points there for them.
 */
export function DepositAddressPage() {
  const location = useLocation();
  const info = useCurrencyInfo();
  const selectId = useId();
  const coins = info.data?.wallets ?? [];
  const [chosen, setChosen] = useState<string | undefined>(() => coinFromState(location.state));
  const coin = coins.find((c) => c.coinSymbol === chosen) ?? coins[0];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Top-Up</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Send cryptocurrency to your own deposit address. It is credited to your vault as soon as the payment provider
          reports it. CQR Dollars and asset tokens are{' '}
          <Link to="/vault-token" className={linkClass}>
            bought by direct wire
          </Link>
          .
        </p>
      </div>
      {info.isPending ? (
        <Card>
          <p role="status" className="text-sm text-ink-muted">
            Loading the deposit addresses…
          </p>
        </Card>
      ) : info.isError ? (
        <Card>
          <LoadError query={info} title={WALLETS_NOT_LOADED} />
        </Card>
      ) : !coin ? (
        <Card>
          <p className="text-sm text-ink-muted">No cryptocurrency can be deposited at the moment.</p>
        </Card>
      ) : (
        <section aria-labelledby={`${selectId}-title`} className={`${cardClass} space-y-5`}>
          <h2 id={`${selectId}-title`} className="text-lg font-semibold text-ink">
            Deposit address
          </h2>
          <div className="flex items-center gap-3">
            <TokenIcon url={coin.icon.url} symbol={coin.coinSymbol} size="size-9 text-xs" />
            <div className="min-w-0 flex-1">
              <label htmlFor={selectId} className={labelClass}>
                Token
              </label>
              <select
                id={selectId}
                value={coin.coinSymbol}
                onChange={(event) => setChosen(event.target.value)}
                className={`${inputClass} mt-1 sm:max-w-xs`}
              >
                {coins.map((c) => (
                  <option key={c.coinSymbol} value={c.coinSymbol}>
                    {c.name} ({c.coinSymbol})
                  </option>
                ))}
              </select>
            </div>
          </div>
          <DepositAddress address={coin.address} coinSymbol={coin.coinSymbol} coinName={coin.name} />
          {coin.isErc20 ? (
            <p className="text-xs text-ink-subtle">
              {coin.coinSymbol} is an ERC-20 token: send it on the Ethereum network only.
            </p>
          ) : null}
        </section>
      )}
    </div>
  );
}
