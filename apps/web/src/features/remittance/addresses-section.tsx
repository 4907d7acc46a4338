import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemittanceAddress } from '@vault/contract/schemas/funding';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { Modal } from '@vault/ui/modal';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass } from '@vault/ui/table';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { toast } from '../../lib/toast';
import { AddressForm } from './address-form';
import { remittanceKeys, useRemittanceAddresses } from './queries';

/** One line of an address: street, city, state and zip, country. */
export const addressLine = (a: Pick<RemittanceAddress, 'streetAddress' | 'city' | 'state' | 'zipCode' | 'country'>) =>
  `${a.streetAddress}, ${a.city}, ${a.state} ${a.zipCode}, ${a.country}`;

/**
 * Remittance addresses (spec 2 §2): the list with add (+), delete (cross, confirmed), select (star: the
 * primary, one at a time) and a detail view.
 */
export function AddressesSection() {
  const addresses = useRemittanceAddresses();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<RemittanceAddress | null>(null);
  const [deleting, setDeleting] = useState<RemittanceAddress | null>(null);

  const primary = useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; data: RemittanceAddress }>(`remittance-addresses/${encodeURIComponent(id)}/primary`, {
        method: 'POST',
      }),
    onSuccess: (res) => {
      toast.success(res.message);
      queryClient.setQueryData<RemittanceAddress[]>(remittanceKeys.addresses, (old) =>
        old?.map((a) => ({ ...a, isPrimary: a._id === res.data._id })),
      );
      void queryClient.invalidateQueries({ queryKey: remittanceKeys.addresses });
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const list = addresses.data ?? [];
  return (
    <section aria-labelledby="addresses-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="addresses-heading" className="text-lg font-semibold text-ink">
            Remittance addresses
          </h2>
          <p className="text-sm text-ink-muted">
            The star marks your primary address: direct wire contributions are made from it.
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>
          Add address
        </Button>
      </div>

      {addresses.isPending ? (
        <LoadingRows label="Loading your remittance addresses…" />
      ) : !addresses.data ? (
        <LoadError query={addresses} title="Your remittance addresses could not be loaded" className="py-2" />
      ) : list.length === 0 ? (
        <EmptyState icon="box" action={{ label: 'Add your first address', onClick: () => setAdding(true) }}>
          You have no remittance address yet. Add the address you will remit direct wires from, with your signature.
        </EmptyState>
      ) : (
        <>
          {addresses.isError ? <RefreshError query={addresses} what="Your remittance addresses" /> : null}
          <ul className={`${listClass} rounded-xl ring-1 ring-line`} aria-label="Remittance addresses">
            {list.map((address) => (
              <AddressRow
                key={address._id}
                address={address}
                busy={primary.isPending && primary.variables === address._id}
                onPrimary={() => {
                  if (!address.isPrimary) primary.mutate(address._id);
                }}
                onOpen={() => setDetail(address)}
                onDelete={() => setDeleting(address)}
              />
            ))}
          </ul>
        </>
      )}

      <Modal open={adding} onOpenChange={setAdding} title="Add remittance address" size="lg">
        <AddressForm
          onSaved={() => {
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      </Modal>
      <AddressDetail address={detail} onClose={() => setDetail(null)} />
      <DeleteAddress address={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function AddressRow({
  address,
  busy,
  onPrimary,
  onOpen,
  onDelete,
}: {
  address: RemittanceAddress;
  busy: boolean;
  onPrimary: () => void;
  onOpen: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex items-center gap-2 px-3 py-3 sm:px-4" data-testid="remittance-address">
      <button
        type="button"
        aria-pressed={address.isPrimary}
        aria-label={`Primary address: ${address.name}`}
        title={address.isPrimary ? 'Your primary address' : 'Make this your primary address'}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={onPrimary}
        className={`grid size-10 shrink-0 place-items-center rounded-full transition-colors hover:bg-sunken disabled:opacity-60 ${
          address.isPrimary ? 'text-primary' : 'text-ink-subtle'
        }`}
      >
        <StarIcon filled={address.isPrimary} />
      </button>
      {/* The name is the button (its whole block opens the detail for the pointer); the address describes it. */}
      <div className="relative min-w-0 flex-1 rounded-lg px-2 py-1 hover:bg-canvas">
        <span className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={onOpen}
            aria-describedby={`address-${address._id}-line`}
            className="text-left font-semibold text-ink after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-focus"
          >
            {address.name}
          </button>
          {address.isPrimary ? (
            <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-accent-text">
              Primary
            </span>
          ) : null}
        </span>
        <span id={`address-${address._id}-line`} className="block truncate text-sm text-ink-muted">
          {addressLine(address)}
        </span>
        <span className="block truncate text-xs text-ink-subtle">{address.email}</span>
      </div>
      <button
        type="button"
        aria-label={`Delete ${address.name}`}
        title="Delete"
        onClick={onDelete}
        className="grid size-10 shrink-0 place-items-center rounded-full text-ink-subtle transition-colors hover:bg-danger-soft hover:text-danger"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          ✕
        </span>
      </button>
    </li>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" strokeWidth="1.8" stroke="currentColor">
      <path
        d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z"
        fill={filled ? 'currentColor' : 'none'}
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AddressDetail({ address, onClose }: { address: RemittanceAddress | null; onClose: () => void }) {
  // The last address shown stays in the dialog while it closes.
  const last = useRef(address);
  if (address) last.current = address;
  const a = last.current;
  return (
    <Modal
      open={address !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Remittance address"
      size="md"
    >
      {a ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Row term="Name" value={a.name} />
            <Row term="Email" value={a.email} />
            <Row term="Street address" value={a.streetAddress} />
            <Row term="City" value={a.city} />
            <Row term="State" value={a.state} />
            <Row term="Zip code" value={a.zipCode} />
            <Row term="Country" value={a.country} />
            <Row term="Primary" value={a.isPrimary ? 'Yes, direct wires are made from it' : 'No'} />
            <Row term="Added" value={formatDateTime(a.createdAt)} />
          </dl>
          <figure className="space-y-1">
            <figcaption className="text-sm font-medium text-ink">Signature</figcaption>
            <img
              src={a.signatureUrl}
              alt={`Signature of ${a.name}`}
              width={350}
              height={100}
              className="h-auto w-full max-w-[350px] rounded-lg bg-white ring-1 ring-line"
            />
          </figure>
        </div>
      ) : null}
    </Modal>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-ink-subtle">{term}</dt>
      <dd className="break-words text-ink">{value}</dd>
    </>
  );
}

function DeleteAddress({ address, onClose }: { address: RemittanceAddress | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cancel = useRef<HTMLButtonElement>(null);
  const last = useRef(address);
  if (address) last.current = address;
  const a = last.current;
  const remove = useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`remittance-addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (res, id) => {
      toast.success(res.message);
      queryClient.setQueryData<RemittanceAddress[]>(remittanceKeys.addresses, (old) =>
        old?.filter((x) => x._id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: remittanceKeys.addresses });
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
      title="Delete this remittance address?"
      size="sm"
      initialFocus={cancel}
    >
      {a ? (
        <div className="space-y-5">
          <p className="text-sm text-ink-muted">
            <strong className="text-ink">{a.name}</strong>, {addressLine(a)}, will be removed from your remittance
            addresses.
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
