import { TokenIcon } from './token-icon';

/**
 * One token as a radio card (the activation panel's coins, the purchase flow's tokens): icon, name and symbol,
 * a second line; the chosen one is outlined, and keyboard focus shows on the card.
 */
export function TokenChoice({
  name,
  symbol,
  iconUrl,
  detail,
  group,
  checked,
  onChoose,
}: {
  name: string;
  symbol: string;
  iconUrl: string;
  detail: string;
  group: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2.5 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:ring-2 has-focus-visible:ring-focus">
      <input
        type="radio"
        name={group}
        value={symbol}
        checked={checked}
        onChange={onChoose}
        className="size-4 accent-navy-800"
      />
      <TokenIcon url={iconUrl} symbol={symbol} size="size-7 text-2xs" />
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-ink">
          {name} ({symbol})
        </span>
        <span className="block text-xs text-ink-subtle">{detail}</span>
      </span>
    </label>
  );
}
