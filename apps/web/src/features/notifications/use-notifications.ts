import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@vault/contract/constants';
import type { Notification } from '@vault/contract/schemas/user';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

type NotificationList = { data: Notification[]; total: number; page: number; limit: number };

/** The member's notifications, polled every 5 minutes (spec 1 §9); live events refetch sooner. */
export const useNotifications = () =>
  useQuery({
    queryKey: queryKeys.notifications,
    queryFn: () => api<NotificationList>('notification'),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
