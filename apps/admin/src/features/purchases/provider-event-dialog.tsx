import type { AdminProviderEvent } from '@vault/contract/schemas/funding';
import { Modal } from '@vault/ui/modal';
import { Facts } from '../../components/facts';
import { formatDateTime } from '../../lib/format';
import { PROVIDER_LABELS } from './describe';

/** One provider event in full: verified or refused and why, processed or not, its order, and the payload. */
export function ProviderEventDialog({ event, onClose }: { event: AdminProviderEvent | null; onClose: () => void }) {
  return (
    <Modal
      open={event !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={event ? event.eventType : 'Provider event'}
      size="lg"
    >
      {event ? (
        <div className="space-y-4">
          <Facts
            rows={[
              ['Provider', PROVIDER_LABELS[event.provider]],
              [
                'Event id',
                <span key="event" className="font-mono text-xs">
                  {event.eventId}
                </span>,
              ],
              ['Verified', event.verified ? 'Yes' : `No: refused (${event.refusedReason ?? 'no reason'})`],
              ['Processed', event.processedAt ? formatDateTime(event.processedAt) : 'Not processed'],
              ['Order', event.purchase?.orderId ?? '—'],
              ['Received', formatDateTime(event.receivedAt)],
            ]}
          />
          <div>
            <h3 className="mb-1 text-sm font-semibold text-ink">Payload</h3>
            <pre className="max-h-96 overflow-auto rounded-md bg-sunken p-3 text-xs text-ink">
              {JSON.stringify(event.payload, null, 2)}
            </pre>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
