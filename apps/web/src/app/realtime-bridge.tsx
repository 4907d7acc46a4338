import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { BROADCAST_CHANNEL, PRICES_CHANNEL, USER_CONNECT, type UserConnect } from '@vault/contract/realtime';
import { useEffect } from 'react';
import { walletKeys } from '../features/wallet/queries';
import { queryKeys } from '../lib/query-client';
import { useSession } from '../lib/session';
import { connectSocket, isAuthRefusal, type MemberEvent, publishMemberSocket } from '../lib/socket';
import { toast } from '../lib/toast';

/** One socket per signed-in member, listening on the channel named by the member's e-mail (spec 1 §7). */
export function RealtimeBridge() {
  const { token, info, clear } = useSession();
  const queryClient = useQueryClient();
  const userId = info?.user._id;
  const email = info?.user.email;

  useEffect(() => {
    if (!token || !userId || !email) return;
    const socket = connectSocket(token);
    publishMemberSocket(socket);
    // Whether live updates can arrive now, on the page's root element: browser tests wait for it before
    // they cause one, and it is harmless to anyone else.
    const mark = (state: 'connected' | 'disconnected') => {
      document.documentElement.dataset.realtime = state;
    };
    socket.on('connect', () => {
      mark('connected');
      const hello: UserConnect = { userId };
      socket.emit(USER_CONNECT, hello);
    });
    socket.on('connect_error', (error) => {
      // socket.io retries by itself; a refused session will never connect, so end it instead.
      if (isAuthRefusal(error)) clear();
    });
    socket.on('disconnect', (reason) => {
      mark('disconnected');
      // The server drops sockets when it revokes sessions; asking user/info tells whether ours is one of them.
      if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    });
    const refetchMoney = () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['purchases'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    };
    socket.on(email, (event: MemberEvent) => {
      if (event.type === 'userBlocked') {
        if (event.blockReason) toast.error(event.blockReason);
        toast(messages.accountBlocked);
        clear();
      } else if (event.type === 'notification') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      } else if (event.type === 'nativeWalletUpdate' || event.type === 'nftBalanceUpdated') {
        // A balance changed (a send, a receipt, a decided request), or a purchase was made, recorded, rejected
        // or expired: every wallet screen and the purchases and transactions lists refetch what they show.
        refetchMoney();
      } else if (event.type === 'walletActivated') {
        refetchMoney();
        void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
        toast.success(messages.vaultActivated);
      }
    });
    // An administrator set a price: values, rates and graphs change for everyone.
    socket.on(PRICES_CHANNEL, () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    });
    // An administrator wrote every member a notification: the bell refetches (the row is this member's own).
    socket.on(BROADCAST_CHANNEL, () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    });
    return () => {
      publishMemberSocket(null);
      socket.disconnect();
      delete document.documentElement.dataset.realtime;
    };
  }, [token, userId, email, clear, queryClient]);

  return null;
}
