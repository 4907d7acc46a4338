import { tableClasses } from '@vault/ui/table';
import { Link } from 'react-router';
import { TokenIcon } from '../../components/token-icon';
import { displayPrice, grouped, usd } from '../../lib/money-format';
import { ChangeText } from './change-text';
import { Masked } from './masked';
import type { CategoryKey, WalletView } from './portfolio';

const { wrap, table, head, th, body, row, td } = tableClasses();

/** Where a wallet row leads: token detail, or the opportunity screen (activated vaults only, spec 1 §6). */
function rowLink(wallet: WalletView, activated: boolean): { to: string; state?: unknown } {
  if (wallet.source.kind === 'opportunity') {
    // The pool's id in the address: a reload shows the same pool.
    return activated ? { to: `/silent-wave?pool=${encodeURIComponent(wallet.source.wallet._id)}` } : { to: '/error' };
  }
  // The query makes a reload work; the state carries the wallet and the tab to come back to.
  return {
    to: `/vault-graph?coin=${encodeURIComponent(wallet.symbol)}`,
    state: { wallet: wallet.source.wallet, activeState: wallet.category },
  };
}

/** One category's wallets: icon, name, balance, price, 24h change (crypto) and USD value; a row opens its detail. */
export function WalletTable({
  category,
  wallets,
  hidden,
  activated,
}: {
  category: CategoryKey;
  wallets: WalletView[];
  hidden: boolean;
  activated: boolean;
}) {
  const crypto = category === 'crypto';
  const opportunity = category === 'opportunity';
  return (
    <div className={wrap}>
      <table className={table}>
        <thead className={head}>
          <tr>
            <th scope="col" className={th}>
              {crypto ? 'Coin' : 'Token'}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {opportunity ? 'Units' : 'Balance'}
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              {opportunity ? 'Price per unit' : 'Price'}
            </th>
            {crypto ? (
              <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
                24h change
              </th>
            ) : null}
            <th scope="col" className={`${th} text-right`}>
              Value (USD)
            </th>
          </tr>
        </thead>
        <tbody className={body}>
          {wallets.map((wallet) => {
            const link = rowLink(wallet, activated);
            return (
              <tr key={wallet.key} className={`relative ${row}`}>
                <td className={td}>
                  <div className="flex items-center gap-3">
                    <TokenIcon url={wallet.iconUrl} symbol={wallet.displaySymbol} color={wallet.color} />
                    <div className="min-w-0">
                      {/* The link covers the whole row (after:), so a click anywhere opens the wallet. */}
                      <Link
                        to={link.to}
                        state={link.state}
                        className="font-semibold text-ink after:absolute after:inset-0 after:content-[''] hover:underline"
                      >
                        {wallet.name}
                      </Link>
                      <p className="text-xs text-ink-subtle">
                        {wallet.displaySymbol}
                        <ChangeText change={wallet.change} className="sm:hidden">
                          {' · '}
                        </ChangeText>
                      </p>
                    </div>
                  </div>
                </td>
                <td className={`${td} text-right font-medium tabular-nums text-ink`}>
                  <Masked hidden={hidden}>{grouped(wallet.balance, wallet.balanceDecimals)}</Masked>
                </td>
                <td className={`${td} hidden text-right tabular-nums text-ink-muted sm:table-cell`}>
                  {displayPrice(wallet.price, wallet.priceRule).text}
                </td>
                {crypto ? (
                  <td className={`${td} hidden text-right tabular-nums sm:table-cell`}>
                    <ChangeText change={wallet.change} />
                  </td>
                ) : null}
                <td className={`${td} text-right font-semibold tabular-nums text-ink`}>
                  <Masked hidden={hidden}>{usd(wallet.usd)}</Masked>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
