import type { AdminPool } from '@vault/contract/schemas/opportunities';
import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { Link } from 'react-router';
import { Facts } from '../../components/facts';
import { formatCount, formatDateTime } from '../../lib/format';
import { formatQ, formatUnits } from './describe';
import { PoolImage } from './pool-image';
import { dueDay } from './pool-table';

/**
 * One pool in full, for every administrator: what members see of it (image, title, description, royalties),
 * its price, where its units are (the treasury's, reserved by pending requests, sold), its holders and its
 * pending requests (a link to them); owners Edit it or Change its supply from here.
 */
export function PoolDetails({
  pool,
  mayManage,
  onClose,
  onEdit,
  onSupply,
}: {
  pool: AdminPool | null;
  mayManage: boolean;
  onClose: () => void;
  onEdit: (pool: AdminPool) => void;
  onSupply: (pool: AdminPool) => void;
}) {
  return (
    <Modal
      open={pool !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={pool ? pool.name : 'Opportunity pool'}
      size="lg"
    >
      {pool ? (
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <PoolImage url={pool.image} name={pool.name} size="size-16" />
            <p className="min-w-0 text-sm">
              <span className="block font-semibold break-words text-ink">{pool.title}</span>
              <span className="block text-ink-muted">{formatQ(pool.pricePerShare)} a unit</span>
            </p>
          </div>
          <Facts
            rows={[
              ['Description', pool.description || '—'],
              ['Total supply', `${formatUnits(pool.totalSupply)} units`],
              ['Remaining (treasury)', `${formatUnits(pool.remainingSupply)} units`],
              ['Reserved by requests', `${formatUnits(pool.reservedSupply)} units`],
              ['Sold', `${formatUnits(pool.soldSupply)} units`],
              ['Holders', formatCount(pool.holders)],
              [
                'Pending requests',
                pool.pendingRequests > 0 ? (
                  <Link key="pending" to="/acquire-requests" className="underline underline-offset-4">
                    {formatCount(pool.pendingRequests)} waiting for a decision
                  </Link>
                ) : (
                  'None'
                ),
              ],
              ['Due date', dueDay(pool.dueDate)],
              ['Royalties', pool.royalties || '—'],
              [
                'Ledger asset',
                <span key="asset" className="break-all font-mono text-xs">
                  {pool.nftToken}
                </span>,
              ],
              ['Created', formatDateTime(pool.createdAt)],
              ['Updated', formatDateTime(pool.updatedAt)],
            ]}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {mayManage ? (
              <>
                <Button variant="secondary" onClick={() => onSupply(pool)}>
                  Change supply
                </Button>
                <Button onClick={() => onEdit(pool)}>Edit</Button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
