import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { RecentSendsPanel } from './recent-sends-panel';
import { SendScreen } from './send-screen';
import { isSdira } from './wallet-actions-routes';

/** Where the dashboard's Send puts the wallet it was pressed on. */
const coinFromState = (state: unknown): string | undefined => {
  const coin = (state as { coin?: unknown } | null)?.coin;
  return typeof coin === 'string' ? coin : undefined;
};

/** /Send (spec 2 §2 "Send tokens"): activation first, then the send form with the recent sends beside it. */
export function SendPage() {
  const { info } = useSession();
  const location = useLocation();
  const sdira = info ? isSdira(info.user) : false;
  // "e‑mail" below uses a non-breaking hyphen so phones never break the word.
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{sdira ? 'Send Request' : 'Send'}</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {sdira
            ? 'Send tokens to another member by e‑mail. Your request is carried out after an administrator approves it.'
            : 'Send tokens to another member of the vault by e‑mail.'}
        </p>
      </div>
      <SendScreen
        coin={coinFromState(location.state)}
        aside={(refill, memberEmail) => <RecentSendsPanel memberEmail={memberEmail} onChoose={refill} />}
      />
    </div>
  );
}
