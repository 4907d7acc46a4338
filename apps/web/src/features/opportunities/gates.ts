import { messages } from '@vault/contract/messages';
import type { UserInfo } from '@vault/contract/schemas/user';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useCurrencyInfo } from '../../lib/wallet-data';

/** The member as the gates read them: the currency info's copy (refreshed live) before the session's. */
export function useMember(): Pick<UserInfo, 'isWalletActivated' | 'isSubscriber'> | null {
  const { info } = useSession();
  const currency = useCurrencyInfo();
  return currency.data?.user ?? info?.user ?? null;
}

/**
 * Where acquiring units may go on (spec 2 §6): an activated vault (others → /error), then an active
 * subscription (others → /subscription, told 'You are not subscribed. Please subscribe first.' in a toast,
 * which the subscription page shows when it opens). The server checks both again.
 */
export function useAcquireGate() {
  const member = useMember();
  const navigate = useNavigate();
  return (): boolean => {
    if (!member) return false;
    if (!member.isWalletActivated) {
      navigate('/error');
      return false;
    }
    if (!member.isSubscriber) {
      toast.error(messages.notSubscribed, { id: 'not-subscribed' });
      navigate('/subscription');
      return false;
    }
    return true;
  };
}
