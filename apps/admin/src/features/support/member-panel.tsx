import { cardSurface } from '@vault/ui/card';
import { LoadError } from '@vault/ui/load-error';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { formatLocalDay } from '../../lib/format';
import { Avatar } from './avatar';
import { useSupportMember } from './queries';

/**
 * The member beside the conversation (GET …/member): who they are and the state of their account, what a
 * support answer most often depends on, and a link to their whole file (members.read, which every support
 * role has).
 */
export function MemberPanel({ roomId }: { roomId: string }) {
  const member = useSupportMember(roomId);
  return (
    <aside aria-labelledby="support-member-title" className={`${cardSurface} p-4`}>
      <h2 id="support-member-title" className="mb-3 text-sm font-semibold text-ink-muted">
        Member
      </h2>
      {member.isPending ? (
        <div aria-busy="true" className="flex animate-pulse items-center gap-3">
          <p role="status" className="sr-only">
            Loading the member…
          </p>
          <div className="size-14 rounded-full bg-sunken" />
          <div className="h-4 flex-1 rounded-sm bg-sunken" />
        </div>
      ) : member.isError ? (
        <LoadError query={member} title="The member could not be loaded" />
      ) : (
        <div className="space-y-3">
          <div className="flex items-center gap-3 xl:flex-col xl:items-start">
            <Avatar member={member.data.data} size="lg" />
            <div className="min-w-0">
              <p className="font-semibold text-ink break-words">{member.data.data.name || 'No name'}</p>
              <p className="text-sm text-ink-muted break-all">{member.data.data.email}</p>
            </div>
          </div>
          <ul className="flex flex-wrap gap-1.5" aria-label="Account">
            <li>
              {member.data.data.isBlocked ? <Badge tone="danger">Blocked</Badge> : <Badge tone="success">Active</Badge>}
            </li>
            <li>
              {member.data.data.isWalletActivated ? (
                <Badge tone="success">Vault activated</Badge>
              ) : (
                <Badge tone="warning">Vault not activated</Badge>
              )}
            </li>
            <li>
              {member.data.data.hasMembershipData ? (
                <Badge tone="info">Membership data</Badge>
              ) : (
                <Badge tone="warning">No membership data</Badge>
              )}
            </li>
          </ul>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-subtle">Type</dt>
            <dd className="capitalize text-ink">{member.data.data.type}</dd>
            <dt className="text-ink-subtle">Member since</dt>
            <dd className="text-ink">{formatLocalDay(member.data.data.createdAt)}</dd>
          </dl>
          <Link
            to={`/members/${member.data.data._id}`}
            className="inline-block text-sm font-semibold text-ink underline decoration-primary decoration-2 underline-offset-4 hover:text-accent-text"
          >
            Open the member’s file
          </Link>
        </div>
      )}
    </aside>
  );
}
