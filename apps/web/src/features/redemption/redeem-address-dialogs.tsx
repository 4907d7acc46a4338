import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemAddress } from '@vault/contract/schemas/redeem-addresses';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { useRef } from 'react';
import { CountryFlag } from '../../components/country-flag';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { splitPhone } from '../../lib/phone';
import { toast } from '../../lib/toast';
import { redemptionKeys } from './queries';

/** The last address shown stays in a dialog while it closes. */
function useLast(address: RedeemAddress | null) {
  const last = useRef(address);
  if (address) last.current = address;
  return last.current;
}

/** The detail view: every field of the address, Edit from here. */
export function RedeemAddressDetail({
  address,
  onClose,
  onEdit,
}: {
  address: RedeemAddress | null;
  onClose: () => void;
  onEdit: (address: RedeemAddress) => void;
}) {
  const a = useLast(address);
  return (
    <Modal
      open={address !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Redeem address"
      size="md"
    >
      {a ? (
        <div className="space-y-5">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Row term="Name" value={a.name} />
            <Row term="Account Name" value={a.accountTitle} />
            <Row term="Address" value={a.address} />
            <dt className="text-ink-subtle">Phone</dt>
            <dd className="flex items-center gap-2 text-ink">
              {a.phoneNumber ? (
                <>
                  <CountryFlag code={splitPhone(a.phoneNumber).country} />
                  {a.phoneNumber}
                </>
              ) : (
                '—'
              )}
            </dd>
            <Row term="Bank Name" value={a.bankName} />
            <Row term="Bank Address" value={a.bankAddress} />
            <Row term="Account no." value={a.accountNumber} />
            <Row term="ABA" value={a.aba} />
            <Row term="SWIFT / BIC" value={a.swiftBic} />
            <Row term="Routing number" value={a.routingCode} />
            <Row term="ZellePay Address" value={a.zellePay} />
            <Row term="Added" value={formatDateTime(a.createdAt)} />
            {a.updatedAt !== a.createdAt ? <Row term="Changed" value={formatDateTime(a.updatedAt)} /> : null}
          </dl>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => onEdit(a)}>Edit</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-ink-subtle">{term}</dt>
      <dd className="break-words text-ink">{value || '—'}</dd>
    </>
  );
}

/** Delete asks first: Cancel keeps the address, Delete removes it from the list. */
export function DeleteRedeemAddress({ address, onClose }: { address: RedeemAddress | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cancel = useRef<HTMLButtonElement>(null);
  const a = useLast(address);
  const remove = useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`direct-wires/withdraw/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (res, id) => {
      toast.success(res.message);
      queryClient.setQueryData<RedeemAddress[]>(redemptionKeys.addresses, (old) => old?.filter((x) => x._id !== id));
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.addresses });
      onClose();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <Modal
      open={address !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete this redeem address?"
      size="sm"
      initialFocus={cancel}
    >
      {a ? (
        <div className="space-y-5">
          <p className="text-sm text-ink-muted">
            <strong className="text-ink">{a.name}</strong> ({a.bankName}, account no. {a.accountNumber}) will be removed
            from your redeem addresses.
          </p>
          <div className="flex justify-end gap-2">
            <Button ref={cancel} variant="secondary" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(a._id)}>
              Delete
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
