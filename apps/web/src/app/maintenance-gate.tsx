import { useQuery } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { Logo } from '@vault/ui/logo';
import { type ReactNode, useEffect } from 'react';
import { api, setMaintenanceHandler } from '../lib/api';
import { queryKeys } from '../lib/query-client';

const MAINTENANCE_POLL_MS = 60_000;

/** While the maintenance flag is on, every route shows the "We'll be back soon" page (spec 2 §2). */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { data, refetch } = useQuery({
    queryKey: queryKeys.maintenance,
    queryFn: () => api<{ maintenance: boolean }>('settings/get-maintenance', { token: null }),
    refetchInterval: MAINTENANCE_POLL_MS,
    staleTime: 0,
  });
  // A member call refused for maintenance asks again now.
  useEffect(() => {
    setMaintenanceHandler(() => void refetch());
  }, [refetch]);
  if (data?.maintenance) return <MaintenancePage />;
  return children;
}

function MaintenancePage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-navy-900 px-6 text-center text-on-dark">
      <div className="max-w-md">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <h1 className="text-3xl font-bold">{messages.backSoon}</h1>
        <p className="mt-4 text-on-dark-muted">
          The vault is undergoing scheduled maintenance. Your tokens are safe. This page checks every minute and opens
          the vault again as soon as we are done.
        </p>
      </div>
    </main>
  );
}
