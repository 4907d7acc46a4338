import { useQuery } from '@tanstack/react-query';
import type { DirectWireRequest, RemittanceAddress } from '@vault/contract/schemas/funding';
import { api } from '../../lib/api';

/**
 * The remittance hub's reads. ['purchases'] is the member's direct wire requests: the realtime bridge
 * invalidates it when a wire is received, rejected or expires, so the list follows live.
 */
export const remittanceKeys = {
  addresses: ['remittanceAddresses'] as const,
  purchases: ['purchases'] as const,
};

export function useRemittanceAddresses() {
  return useQuery({
    queryKey: remittanceKeys.addresses,
    queryFn: () => api<{ data: RemittanceAddress[] }>('remittance-addresses').then((res) => res.data),
  });
}

export function useDirectWires() {
  return useQuery({
    queryKey: remittanceKeys.purchases,
    queryFn: () => api<{ data: DirectWireRequest[] }>('direct-wires/user').then((res) => res.data),
  });
}
