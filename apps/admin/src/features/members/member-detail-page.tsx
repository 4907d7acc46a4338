import type { MemberDetail } from '@vault/contract/schemas/backoffice';
import { logTitle } from '@vault/contract/schemas/wallet';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError } from '@vault/ui/load-error';
import { tableClasses } from '@vault/ui/table';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { StatusLine } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatDay } from '../../lib/format';
import { useMay } from '../../lib/session';
import { BlockMember } from './block-member';
import { EndSessions } from './end-sessions';
import { useMember } from './queries';

/**
 * /admin/members/:id: one member's file. Profile, membership application (with its signature), balances,
 * holds, lots with the day each may be redeemed, the newest history, the open sessions; block or unblock and
 * "End all sessions" for the roles that may manage members.
 */
export function MemberDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const member = useMember(id);
  const list = (location.state as { list?: string } | null)?.list ?? '';

  return (
    <div className="space-y-5">
      <Link
        to={`/members${list}`}
        className="inline-block rounded-sm text-sm font-medium text-ink-muted hover:text-ink"
      >
        <span aria-hidden="true">← </span>Members
      </Link>
      {member.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <p role="status" className="text-sm text-ink-muted">
            Loading the member…
          </p>
          <div className="h-8 w-64 animate-pulse rounded-sm bg-sunken" />
          <div className="h-40 animate-pulse rounded-2xl bg-sunken" />
        </div>
      ) : member.isError ? (
        member.error instanceof ApiError && member.error.status === 404 ? (
          <section aria-labelledby="missing-title" className="space-y-2">
            <h1 id="missing-title" className="text-2xl font-semibold text-ink">
              Member not found
            </h1>
            <p className="text-sm text-ink-muted">No member has this id. Search for them in the list.</p>
          </section>
        ) : (
          <LoadError query={member} title="The member could not be loaded" />
        )
      ) : (
        <MemberFile member={member.data} />
      )}
    </div>
  );
}

function MemberFile({ member }: { member: MemberDetail }) {
  const { profile } = member;
  const mayManage = useMay('members.manage');
  const [done, setDone] = useState<string | null>(null);
  return (
    <article aria-labelledby="member-title" className="space-y-5">
      <header className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-2">
            <h1 id="member-title" className="text-2xl font-semibold break-words text-ink">
              {profile.name || 'No name'}
            </h1>
            <p className="text-sm break-all text-ink-muted">{profile.email}</p>
          </div>
          {mayManage ? <BlockMember member={profile} onDone={setDone} /> : null}
        </div>
        <p className="flex flex-wrap gap-1.5">
          {profile.isBlocked ? <Badge tone="danger">Blocked</Badge> : <Badge tone="success">Active</Badge>}
          {profile.emailVerified ? null : <Badge tone="warning">E-mail not verified</Badge>}
          <Badge>{profile.type === 'sdira' ? 'SDIRA member' : 'Member'}</Badge>
          {profile.isWalletActivated ? <Badge tone="info">Vault activated</Badge> : null}
        </p>
        {profile.isBlocked && profile.blockReason ? (
          <p className="text-sm text-danger">Blocked: {profile.blockReason}</p>
        ) : null}
      </header>

      <StatusLine>{done}</StatusLine>

      <div className="grid gap-5 xl:grid-cols-2">
        <Panel title="Profile">
          <Facts
            items={[
              ['Joined', formatDateTime(profile.createdAt)],
              ['E-mail verified', profile.emailVerifiedAt ? formatDateTime(profile.emailVerifiedAt) : 'No'],
              ['Type', profile.type === 'sdira' ? 'SDIRA' : 'Member'],
              ['Imported account', profile.isImported ? 'Yes' : 'No'],
              ['Newsletter', profile.isSubscriber ? 'Subscribed' : 'Not subscribed'],
              [
                'Vault',
                profile.isWalletActivated
                  ? `Activated${profile.walletActivatedAt ? ` ${formatDateTime(profile.walletActivatedAt)}` : ''}${profile.walletActivatedWith ? ` with ${profile.walletActivatedWith}` : ''}`
                  : 'Not activated',
              ],
              [
                'Member id',
                <span key="id" className="font-mono text-xs break-all">
                  {profile.id}
                </span>,
              ],
            ]}
          />
        </Panel>
        <Application member={member} />
      </div>

      <Panel title="Balances">
        {member.balances.length === 0 ? (
          <EmptyState icon="coins" compact>
            No balances yet.
          </EmptyState>
        ) : (
          <SimpleTable
            caption="Balances"
            heads={['Asset', 'Balance', 'On hold', 'Redeemable now', 'Next maturity']}
            numeric={[1, 2, 3]}
            rows={member.balances.map((b) => [
              b.asset,
              b.balance,
              b.held,
              b.redeemable ? b.redeemable.amount : '—',
              b.redeemable?.nextOn ? formatDay(b.redeemable.nextOn) : '—',
            ])}
          />
        )}
      </Panel>

      {member.holds.length > 0 ? (
        <Panel title="Holds">
          <SimpleTable
            caption="Holds waiting on an administrator"
            heads={['Placed', 'Asset', 'Amount', 'For']}
            numeric={[2]}
            rows={member.holds.map((h) => [formatDateTime(h.createdAt), h.asset, h.amount, h.reason])}
          />
        </Panel>
      ) : null}

      <Panel title="Lots">
        {member.lots.length === 0 ? (
          <EmptyState icon="box" compact>
            No lots: this member holds no asset or legacy tokens.
          </EmptyState>
        ) : (
          <SimpleTable
            caption="Lots, oldest first, with the day each may be redeemed"
            heads={['Asset', 'Remaining', 'Acquired', 'Redeemable on', 'State']}
            numeric={[1]}
            rows={member.lots.map((lot) => [
              lot.asset,
              lot.remaining,
              formatDay(lot.acquiredAt),
              formatDay(lot.redeemableOn),
              lot.matured ? (
                <Badge key="state" tone="success">
                  Redeemable
                </Badge>
              ) : (
                <Badge key="state">Holding</Badge>
              ),
            ])}
          />
        )}
      </Panel>

      <Panel
        title={`Recent history${member.history.total > member.history.data.length ? ` (newest ${member.history.data.length} of ${member.history.total})` : ''}`}
      >
        {member.history.data.length === 0 ? (
          <EmptyState icon="history" compact>
            No movements yet.
          </EmptyState>
        ) : (
          <SimpleTable
            caption="Recent history, newest first"
            heads={['When', 'What', 'Amount', 'Other party', 'Status']}
            numeric={[2]}
            rows={member.history.data.map((log) => {
              const iAmSender = log.fromUser?._id === profile.id;
              const other = iAmSender ? (log.toUser?.email ?? log.to) : (log.fromUser?.email ?? log.from);
              return [
                formatDateTime(log.createdAt),
                logTitle(log.type, iAmSender),
                `${log.amount} ${log.coin}${log.toAmount && log.toToken ? ` → ${log.toAmount} ${log.toToken.coinSymbol}` : ''}`,
                other ?? '—',
                <StatusBadge key="status" status={log.status} />,
              ];
            })}
          />
        )}
      </Panel>

      <Panel
        title={`Sessions (${member.sessions.length})`}
        action={
          mayManage ? (
            <EndSessions memberId={profile.id} email={profile.email} count={member.sessions.length} onDone={setDone} />
          ) : null
        }
      >
        {member.sessions.length === 0 ? (
          <EmptyState icon="box" compact>
            No open sessions: the member is signed out everywhere.
          </EmptyState>
        ) : (
          <SimpleTable
            caption="Open sessions"
            heads={['Started', 'Last active', 'Ends', 'IP address', 'Device']}
            rows={member.sessions.map((s) => [
              formatDateTime(s.createdAt),
              formatDateTime(s.lastSeenAt),
              formatDateTime(s.expiresAt),
              s.ip ?? '—',
              <span
                key="device"
                className="line-clamp-2 break-all text-xs text-ink-muted"
                title={s.userAgent ?? undefined}
              >
                {s.userAgent ?? '—'}
              </span>,
            ])}
          />
        )}
      </Panel>
    </article>
  );
}

function Application({ member }: { member: MemberDetail }) {
  const { membership, profile } = member;
  const application = membership.application;
  const facts = application ? Object.entries(application).filter(([key, value]) => isShown(key, value)) : [];
  return (
    <Panel title="Membership application">
      {application ? (
        <div className="space-y-4">
          <p className="text-sm text-ink-muted">
            {membership.submittedAt ? `Submitted ${formatDateTime(membership.submittedAt)}` : 'Submitted'}
          </p>
          <Facts items={facts.map(([key, value]) => [fieldLabel(key), String(value)])} />
          {membership.signatureUrl ? (
            <figure className="space-y-1">
              <img
                src={membership.signatureUrl}
                alt={`Signature of ${profile.name || profile.email}`}
                className="h-16 w-full max-w-md rounded-lg bg-white object-contain ring-1 ring-line"
              />
              <figcaption className="text-xs text-ink-subtle">Signature</figcaption>
            </figure>
          ) : null}
        </div>
      ) : (
        <EmptyState icon="box" compact>
          {membership.draftStep
            ? `Not submitted: a draft was left at step ${membership.draftStep} of 3.`
            : 'Not submitted, no draft.'}
        </EmptyState>
      )}
    </Panel>
  );
}

/**
 * An application's answers worth a line: text, numbers, yes/no (nested parts are left to the file itself);
 * not the signature's stored address (the picture below shows it, through its signed URL).
 */
const isShown = (key: string, value: unknown) =>
  !/^sign(ature)?(url)?$/i.test(key) &&
  ((typeof value === 'string' && value.trim() !== '' && !/^(\/api\/|https?:)/.test(value)) ||
    typeof value === 'number' ||
    typeof value === 'boolean');

/** `firstName` → "First name", `dob` stays "Dob": the form's field names, readable. */
const fieldLabel = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function StatusBadge({ status }: { status: 'completed' | 'pending' | 'rejected' | 'expired' }) {
  if (status === 'completed') return <Badge tone="success">Completed</Badge>;
  if (status === 'pending') return <Badge tone="info">Pending</Badge>;
  if (status === 'rejected') return <Badge tone="danger">Rejected</Badge>;
  return <Badge>Expired</Badge>;
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${cardClass} min-w-0`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-ink">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(6.5rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-subtle">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const { wrap, table, head, body, row } = tableClasses();
// Denser than the member app's: more rows of a file fit on a screen.
const th = 'px-3 py-2 text-xs font-semibold uppercase tracking-wide text-ink-subtle first:pl-0 last:pr-0';
const td = 'px-3 py-2 align-middle first:pl-0 last:pr-0';

/** A small read-only table inside a panel: a caption, column heads, right-aligned numbers. */
function SimpleTable({
  caption,
  heads,
  rows,
  numeric = [],
}: {
  caption: string;
  heads: string[];
  rows: ReactNode[][];
  numeric?: number[];
}) {
  const align = (i: number) => (numeric.includes(i) ? 'text-right tabular-nums' : '');
  return (
    <section
      className={wrap}
      aria-label={`${caption} (table)`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways; a keyboard must reach it to scroll it too (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className={table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={head}>
          <tr>
            {heads.map((h, i) => (
              <th key={h} scope="col" className={`${th} ${align(i)}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={body}>
          {rows.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the server's order
            <tr key={r} className={row}>
              {cells.map((cell, i) => (
                <td key={heads[i]} className={`${td} ${align(i)}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
