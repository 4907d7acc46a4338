import type { AdminPool } from '@vault/contract/schemas/opportunities';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { ListFrame } from '../../components/list-frame';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { Pager } from '../../components/pager';
import { useServerPagedTable } from '../../components/use-server-paged-table';
import { formatCount } from '../../lib/format';
import { useMay } from '../../lib/session';
import { PoolDetails } from './pool-details';
import { PoolDialog } from './pool-dialog';
import { type PoolsState, poolsParams, readPoolsState, usePool, usePools } from './pool-queries';
import { usePoolColumns } from './pool-table';
import { SupplyDialog } from './supply-dialog';

const NO_POOLS: AdminPool[] = [];

/**
 * /admin/opportunities (issue 17 items 1 and 7): the opportunity pools, oldest first, with their price per
 * unit, supply, what is left, reserved and sold, and due date. Every administrator reads them
 * (`members.read`); owners (`catalogue.manage`) create pools, edit their descriptive fields and price, and
 * change their supply. The page and the pool opened are in the address (`?pool=`: the acquire requests link
 * to their pool).
 */
export function PoolsPage() {
  const [params, setParams] = useSearchParams();
  const state = readPoolsState(params);
  const update = (patch: Partial<PoolsState>) => setParams(poolsParams({ ...state, ...patch }));
  const mayManage = useMay('catalogue.manage');
  const pools = usePools(state);
  const linked = usePool(state.pool);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [editing, setEditing] = useState<AdminPool | 'new' | null>(null);
  const [supplying, setSupplying] = useState<AdminPool | null>(null);
  const data = pools.data;
  // The list's newest copy of the pool opened, or the one asked for by its id.
  const opened = state.pool ? (data?.data.find((p) => p._id === state.pool) ?? linked.data ?? null) : null;

  // Functional: the callbacks stay the same between renders (the table's columns are built once).
  const setPool = useCallback(
    (pool: string | null) => setParams((prev) => poolsParams({ ...readPoolsState(prev), pool })),
    [setParams],
  );
  const onDetails = useCallback((pool: AdminPool) => setPool(pool._id), [setPool]);
  const onEdit = useCallback(
    (pool: AdminPool) => {
      setPool(null);
      setEditing(pool);
    },
    [setPool],
  );
  const onSupply = useCallback(
    (pool: AdminPool) => {
      setPool(null);
      setSupplying(pool);
    },
    [setPool],
  );
  const columns = usePoolColumns({ mayManage, onDetails, onEdit, onSupply });
  const table = useServerPagedTable({
    data: data?.data ?? NO_POOLS,
    total: data?.total ?? 0,
    columns,
    getRowId: (pool) => pool._id,
    state,
    update,
  });
  const saved = (text: string) => {
    setEditing(null);
    setSupplying(null);
    setOutcome({ tone: 'success', text });
  };
  const pages = table.getPageCount();

  return (
    <section aria-labelledby="pools-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 id="pools-title" className="text-2xl font-semibold text-ink">
            Opportunity pools
          </h1>
          {data ? <p className="text-sm text-ink-muted">{formatCount(data.total)} pools</p> : null}
        </div>
        {mayManage ? <Button onClick={() => setEditing('new')}>New pool</Button> : null}
      </div>
      <p className="max-w-3xl text-sm text-ink-muted">
        Fractional opportunity tokens: each pool’s units are held by the treasury until members acquire them, on
        requests decided at{' '}
        <Link to="/acquire-requests" className="underline underline-offset-4">
          Acquire requests
        </Link>
        .{mayManage ? '' : ' Only owners create pools and change them.'}
      </p>

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />

      <ListFrame query={pools} loading="Loading the pools…" errorTitle="The pools could not be loaded">
        <DataTable
          table={table}
          caption={`Opportunity pools, oldest first${pages > 1 ? `, page ${state.page} of ${pages}` : ''}`}
          loading={pools.isPending}
          skeletonRows={4}
          empty={
            data && data.total > 0 ? (
              <EmptyState icon="box" action={{ label: 'First page', onClick: () => update({ page: 1 }) }}>
                This page is past the end of the list.
              </EmptyState>
            ) : (
              <EmptyState
                icon="box"
                action={mayManage ? { label: 'New pool', onClick: () => setEditing('new') } : undefined}
              >
                No opportunity pool yet: members have nothing to acquire.
              </EmptyState>
            )
          }
        />
      </ListFrame>
      {data && data.total > 0 ? <Pager table={table} total={data.total} label="Pools" /> : null}

      <PoolDetails
        pool={opened}
        mayManage={mayManage}
        onClose={() => setPool(null)}
        onEdit={onEdit}
        onSupply={onSupply}
      />
      {editing ? (
        <PoolDialog
          key={editing === 'new' ? 'new' : editing._id}
          pool={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      {supplying ? (
        <SupplyDialog key={supplying._id} pool={supplying} onClose={() => setSupplying(null)} onSaved={saved} />
      ) : null}
    </section>
  );
}
