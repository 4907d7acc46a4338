import { zodResolver } from '@hookform/resolvers/zod';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import {
  ADMIN_ROLES,
  type Administrator,
  type AdminRole,
  accessReason,
  createAdministratorBody,
} from '@vault/contract/schemas/admin-auth';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { inputClass, labelClass, TextField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '../../components/badge';
import { CopyButton } from '../../components/copy-button';
import { DataTable } from '../../components/data-table';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { ReasonModal } from '../../components/reason-dialog';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../../lib/session';
import {
  useAdministrators,
  useChangeRole,
  useCreateAdministrator,
  useDisableAdministrator,
  useNewEnrolmentLink,
} from './queries';

const EMPTY: Administrator[] = [];
const ROLE_HELP: Record<AdminRole, string> = {
  support: 'Support: reads members, the ledger, the outbox and the audit log',
  operator: 'Operator: also decides requests, blocks members, credits and reverses',
  owner: 'Owner: also prices, settings and administrators',
};
type Link = { email: string; link: string; expiresAt: string };
type Dialog = { kind: 'role' | 'disable'; admin: Administrator } | null;

/**
 * /admin/administrators (owners): who may use the back office, in which role; add one (the one-time enrolment
 * link is shown here to copy and give them), change a role, a new link for one not enrolled yet, disable.
 * An owner cannot change their own role or disable themselves.
 */
export function AdministratorsPage() {
  const admins = useAdministrators();
  const { data: me } = useMe();
  const [link, setLink] = useState<Link | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const newLink = useNewEnrolmentLink();

  const columns = useMemo<ColumnDef<Administrator>[]>(
    () => [
      {
        id: 'who',
        header: 'Administrator',
        cell: ({ row }) => (
          <span className="block min-w-0">
            <span className="block font-semibold text-ink">
              {row.original.name || 'Not enrolled yet'}
              {row.original.id === me?.id ? <span className="font-normal text-ink-subtle"> (you)</span> : null}
            </span>
            <span className="block break-all text-xs text-ink-muted">{row.original.email}</span>
            <span className="mt-1 flex flex-wrap items-center gap-2 text-xs capitalize text-ink-muted sm:hidden">
              {row.original.role} <StateBadge admin={row.original} />
            </span>
          </span>
        ),
      },
      {
        id: 'role',
        header: 'Role',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="capitalize">{row.original.role}</span>,
      },
      {
        id: 'state',
        header: 'State',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => <StateBadge admin={row.original} />,
      },
      {
        id: 'lastSignIn',
        header: 'Last sign-in',
        meta: { className: 'hidden md:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (row.original.lastSignInAt ? formatDateTime(row.original.lastSignInAt) : 'Never'),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => {
          const a = row.original;
          if (a.id === me?.id)
            return (
              <span className="block max-w-40 text-right text-xs text-ink-subtle sm:ml-auto">
                Yours: another owner changes it
              </span>
            );
          if (a.disabledAt) return null;
          return (
            <span className="flex flex-col items-end gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
              {a.enrolledAt ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`New link for ${a.email}`}
                  busy={newLink.isPending && newLink.variables === a.id}
                  onClick={async () => {
                    setRefusal(null);
                    setDone(null);
                    try {
                      const res = await newLink.mutateAsync(a.id);
                      setLink(res.data);
                    } catch (error) {
                      setRefusal(errorText(error));
                    }
                  }}
                >
                  New link
                </Button>
              )}
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Change role of ${a.email}`}
                onClick={() => setDialog({ kind: 'role', admin: a })}
              >
                Change role
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-danger"
                aria-label={`Disable ${a.email}`}
                onClick={() => setDialog({ kind: 'disable', admin: a })}
              >
                Disable
              </Button>
            </span>
          );
        },
      },
    ],
    [me?.id, newLink],
  );
  const table = useReactTable({
    data: admins.data ?? EMPTY,
    columns,
    getRowId: (a) => a.id,
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <section aria-labelledby="administrators-title" className="max-w-5xl space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="administrators-title" className="text-2xl font-semibold text-ink">
          Administrators
        </h1>
        {admins.data ? <p className="text-sm text-ink-muted">{admins.data.length} in all</p> : null}
      </div>

      <CreateAdministrator
        onCreated={(made) => {
          setDone(null);
          setLink(made);
        }}
      />
      {link ? <EnrolmentLink link={link} onClose={() => setLink(null)} /> : null}
      <FormAlert>{refusal}</FormAlert>
      <StatusLine>{done}</StatusLine>

      {admins.isError && !admins.data ? (
        <LoadError query={admins} title="The administrators could not be loaded" className="py-6" />
      ) : (
        <DataTable
          table={table}
          caption="Administrators, oldest first"
          loading={admins.isPending}
          empty={<EmptyState icon="box">No administrators yet.</EmptyState>}
        />
      )}

      {dialog ? (
        <RowDialog
          key={`${dialog.kind}:${dialog.admin.id}`}
          {...dialog}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setDone(message);
          }}
        />
      ) : null}
    </section>
  );
}

function StateBadge({ admin }: { admin: Administrator }) {
  if (admin.disabledAt) return <Badge tone="danger">Disabled</Badge>;
  if (admin.enrolledAt) return <Badge tone="success">Enrolled</Badge>;
  return <Badge tone="warning">Invited</Badge>;
}

function RoleSelect({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Role
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} py-2`}
        aria-describedby={`${id}-help`}
      >
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {role[0]?.toUpperCase()}
            {role.slice(1)}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="mt-1 text-xs text-ink-subtle">
        {ROLE_HELP[value as AdminRole] ?? error}
      </p>
    </div>
  );
}

/** Add an administrator: e-mail and role; the answer is their one-time enrolment link. */
function CreateAdministrator({ onCreated }: { onCreated: (link: Link) => void }) {
  const create = useCreateAdministrator();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(createAdministratorBody),
    defaultValues: { email: '', role: 'support' as AdminRole },
  });
  const role = form.watch('role');
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await create.mutateAsync(values);
      form.reset();
      onCreated(res.data);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.email)
        form.setError('email', { message: error.body.fields.email });
      setRefusal(errorText(error));
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Add an administrator" className={`${cardClass} space-y-3`}>
      <h2 className="text-lg font-semibold text-ink">Add an administrator</h2>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_14rem_auto]">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <RoleSelect value={role} onChange={(v) => form.setValue('role', v as AdminRole)} />
        <Button type="submit" className="sm:mt-6" busy={form.formState.isSubmitting}>
          Add
        </Button>
      </div>
      <FormAlert>{refusal}</FormAlert>
    </form>
  );
}

/** The one-time link, shown this once: copy it and give it to the new administrator only. */
function EnrolmentLink({ link, onClose }: { link: Link; onClose: () => void }) {
  return (
    <div
      role="status"
      className="space-y-3 rounded-2xl bg-info-soft p-4 ring-1 ring-info/20"
      data-testid="enrolment-link"
    >
      <p className="text-sm text-ink">
        Enrolment link for <strong>{link.email}</strong>, valid until {formatDateTime(link.expiresAt)}, single use. Give
        it to them only: it is not shown again.
      </p>
      <p
        className="break-all rounded-lg bg-surface px-3 py-2 font-mono text-xs text-ink ring-1 ring-line"
        data-testid="enrolment-link-text"
      >
        {link.link}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CopyButton text={link.link} label="Copy link" />
        <Button variant="ghost" size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}

const reasonForm = z.object({ reason: accessReason });

/** What both dialogs of a row share: opened by the page, a reason kept in the audit log, the page told after. */
const reasonDialog = (onClose: () => void, onDone: (message: string) => void) => ({
  open: true,
  onClose,
  onSent: onDone,
  reasonLabel: 'Reason (kept in the audit log)',
  schema: reasonForm,
});

type RowDialogProps = { admin: Administrator; onClose: () => void; onDone: (message: string) => void };

/** A row's dialog: change the role, or disable. */
function RowDialog({ kind, ...props }: NonNullable<Dialog> & Omit<RowDialogProps, 'admin'>) {
  return kind === 'role' ? <ChangeRole {...props} /> : <Disable {...props} />;
}

function ChangeRole({ admin, onClose, onDone }: RowDialogProps) {
  const change = useChangeRole();
  const [role, setRole] = useState<AdminRole>(admin.role);
  return (
    <ReasonModal
      {...reasonDialog(onClose, onDone)}
      title="Change the role"
      description={`${admin.email} is ${admin.role} now. The new role counts from their next action.`}
      formLabel="Change the role"
      submitLabel="Change role"
      submitVariant="primary"
      send={async ({ reason }) => {
        const res = await change.mutateAsync({ id: admin.id, role, reason });
        return `${res.message}: ${admin.email} is ${res.data.role}.`;
      }}
    >
      <RoleSelect value={role} onChange={(v) => setRole(v as AdminRole)} />
    </ReasonModal>
  );
}

function Disable({ admin, onClose, onDone }: RowDialogProps) {
  const disable = useDisableAdministrator();
  return (
    <ReasonModal
      {...reasonDialog(onClose, onDone)}
      title={`Disable ${admin.email}?`}
      description="They cannot sign in from now on and every session of theirs ends at once. This cannot be undone here."
      formLabel="Disable the administrator"
      submitLabel="Disable"
      send={async ({ reason }) => {
        const res = await disable.mutateAsync({ id: admin.id, reason });
        return `${res.message} (${admin.email}).`;
      }}
    />
  );
}
