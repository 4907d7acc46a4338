import type { UserInfoResponse } from '@vault/contract/schemas/user';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { useSession } from '../../lib/session';

/** Where the membership application stands, from what user/info says (spec 1 §3). */
function applicationStatus({ user, gpaData }: UserInfoResponse) {
  if (gpaData) return { label: 'Submitted', tone: 'green', action: 'Review application' } as const;
  if (user.savedFormData) return { label: 'Draft saved', tone: 'amber', action: 'Continue application' } as const;
  return { label: 'Not started', tone: 'amber', action: 'Start application' } as const;
}

const badgeTones = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** /cryptocurrency for now: the member's account at a glance; wallets arrive with the funding features. */
export function AccountOverviewPage() {
  const { info } = useSession();
  if (!info) return null;
  const { user } = info;
  const application = applicationStatus(info);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-navy-900">Dashboard</h1>

      {user.isWalletActivated ? null : (
        <div className="rounded-2xl bg-navy-900 p-5 text-white sm:p-6">
          <h2 className="font-semibold text-gold-400">Your vault is not activated yet</h2>
          <p className="mt-1 text-sm text-slate-300">
            Activation takes a contribution worth at least 21 silver asset tokens (21 oz of 0.999 fine silver).
          </p>
        </div>
      )}

      <Card title="Account overview" level={2}>
        <dl className="divide-y divide-slate-100">
          <Row term="Name">{user.name}</Row>
          <Row term="E-mail">{user.email}</Row>
          <Row term="Member since">{dayjs(user.createdAt).format('MMMM D, YYYY')}</Row>
          <Row term="Membership application">
            <div className="flex flex-wrap items-center gap-3">
              <Badge tone={application.tone}>{application.label}</Badge>
              <Link
                to="/profile"
                className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {application.action}
              </Link>
            </div>
          </Row>
          <Row term="Vault">
            <Badge tone={user.isWalletActivated ? 'green' : 'slate'}>
              {user.isWalletActivated ? 'Activated' : 'Not activated'}
            </Badge>
          </Row>
        </dl>
      </Card>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}
