import { swapSpreadBody } from '@vault/contract/schemas/swap';
import { cardClass } from '@vault/ui/card';
import { SingleValueSetting } from '../../components/single-value-setting';
import { formatPercent } from './format';
import { useSetSpread, useSwapSpread } from './queries';

/**
 * The swap spread: the share of what a member receives that every swap quote keeps (quotes already given
 * keep theirs). Everyone who reads the catalogue sees it; owners set it.
 */
export function SpreadPanel({ mayManage }: { mayManage: boolean }) {
  const spread = useSwapSpread();
  const save = useSetSpread();
  return (
    <section aria-labelledby="spread-heading" className={`${cardClass} space-y-4`}>
      <div className="space-y-1">
        <h2 id="spread-heading" className="text-lg font-semibold text-ink">
          Swap spread
        </h2>
        <p className="max-w-2xl text-sm text-ink-muted">
          Kept from what members receive in every swap quote; quotes already given keep theirs.
        </p>
      </div>
      <SingleValueSetting
        query={spread}
        loadingText="Loading the spread…"
        errorTitle="The spread could not be loaded"
        current={(data) => (
          <p className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-2xl font-semibold text-ink tabular-nums" data-testid="swap-spread">
              {formatPercent(data.swapSpreadPercent)}
            </span>
            <span className="text-xs text-ink-subtle">
              default {formatPercent(data.defaultPercent)}, at most {formatPercent(data.maxPercent)}
            </span>
          </p>
        )}
        form={
          mayManage
            ? {
                label: 'Set the swap spread',
                field: 'swapSpreadPercent',
                schema: swapSpreadBody,
                fieldLabel: 'New spread (%)',
                fieldClassName: 'w-full sm:w-48',
                submitLabel: 'Set spread',
                busy: save.isPending,
                save: async (value) => {
                  const res = await save.mutateAsync(value);
                  return `${res.message}: ${formatPercent(res.data.swapSpreadPercent)}.`;
                },
              }
            : undefined
        }
      />
    </section>
  );
}
