import type { RedeemAddress } from '@vault/contract/schemas/redeem-addresses';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { Modal } from '@vault/ui/modal';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass } from '@vault/ui/table';
import { useState } from 'react';
import { useRedeemAddresses } from './queries';
import { DeleteRedeemAddress, RedeemAddressDetail } from './redeem-address-dialogs';
import { RedeemAddressForm } from './redeem-address-form';

/** The bank line of an address: bank name and the account's last four characters. */
export const bankLine = (a: Pick<RedeemAddress, 'bankName' | 'accountNumber'>) =>
  `${a.bankName} · account ending ${a.accountNumber.slice(-4)}`;

type Editing = { address?: RedeemAddress } | null;

/**
 * Direct Wire Redeem Address (spec 2 §2 Remittance hub; issue 14 item 1): the bank accounts the member redeems
 * to by direct wire. The list with add (+), edit (the pencil), delete (the cross, confirmed) and a detail view.
 */
export function RedeemAddressesPanel() {
  const addresses = useRedeemAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [detail, setDetail] = useState<RedeemAddress | null>(null);
  const [deleting, setDeleting] = useState<RedeemAddress | null>(null);
  const add = () => setEditing({});

  const list = addresses.data ?? [];
  return (
    <section aria-labelledby="redeem-address-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="redeem-address-heading" className="text-lg font-semibold text-ink">
            Direct Wire Redeem Address
          </h2>
          <p className="text-sm text-ink-muted">The bank accounts you redeem your tokens to by direct wire.</p>
        </div>
        <Button size="sm" onClick={add}>
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>
          Add redeem address
        </Button>
      </div>

      {addresses.isPending ? (
        <LoadingRows label="Loading your redeem addresses…" />
      ) : !addresses.data ? (
        <LoadError query={addresses} title="Your redeem addresses could not be loaded" className="py-2" />
      ) : list.length === 0 ? (
        <EmptyState icon="box" action={{ label: 'Add your first redeem address', onClick: add }}>
          You have no redeem address yet. Add the bank account you want your redemptions wired to.
        </EmptyState>
      ) : (
        <>
          {addresses.isError ? <RefreshError query={addresses} what="Your redeem addresses" /> : null}
          <ul className={`${listClass} rounded-xl ring-1 ring-line`} aria-label="Redeem addresses">
            {list.map((address) => (
              <AddressRow
                key={address._id}
                address={address}
                onOpen={() => setDetail(address)}
                onEdit={() => setEditing({ address })}
                onDelete={() => setDeleting(address)}
              />
            ))}
          </ul>
        </>
      )}

      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.address ? 'Edit redeem address' : 'Add redeem address'}
        size="lg"
      >
        {editing ? (
          <RedeemAddressForm
            key={editing.address?._id ?? 'new'}
            address={editing.address}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <RedeemAddressDetail
        address={detail}
        onClose={() => setDetail(null)}
        onEdit={(address) => {
          setDetail(null);
          setEditing({ address });
        }}
      />
      <DeleteRedeemAddress address={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function AddressRow({
  address,
  onOpen,
  onEdit,
  onDelete,
}: {
  address: RedeemAddress;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const iconButton = 'grid size-10 shrink-0 place-items-center rounded-full text-ink-subtle transition-colors';
  return (
    <li className="flex items-center gap-2 px-3 py-3 sm:px-4" data-testid="redeem-address">
      {/* The name is the button (its whole block opens the detail for the pointer); the bank line describes it. */}
      <div className="relative min-w-0 flex-1 rounded-lg px-2 py-1 hover:bg-canvas">
        <button
          type="button"
          onClick={onOpen}
          aria-describedby={`redeem-${address._id}-line`}
          className="text-left font-semibold text-ink after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-focus"
        >
          {address.name}
        </button>
        <span id={`redeem-${address._id}-line`} className="block truncate text-sm text-ink-muted">
          {bankLine(address)}
        </span>
        <span className="block truncate text-xs text-ink-subtle">{address.accountTitle}</span>
      </div>
      <button
        type="button"
        aria-label={`Edit ${address.name}`}
        title="Edit"
        onClick={onEdit}
        className={`${iconButton} hover:bg-sunken hover:text-ink`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M4 20h4L19 9l-4-4L4 16v4z M13.5 6.5l4 4" strokeLinejoin="round" strokeLinecap="round" />
        </svg>
      </button>
      <button
        type="button"
        aria-label={`Delete ${address.name}`}
        title="Delete"
        onClick={onDelete}
        className={`${iconButton} hover:bg-danger-soft hover:text-danger`}
      >
        <span aria-hidden="true" className="text-lg leading-none">
          ✕
        </span>
      </button>
    </li>
  );
}
