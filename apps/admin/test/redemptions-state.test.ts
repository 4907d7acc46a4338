import type { AdminRedemption } from '@vault/contract/schemas/redemption';
import { describe, expect, it } from 'vitest';
import { accountFields, isOpen, methodLine, stepsOf } from '../src/features/redemptions/describe';
import {
  FILTER_LABELS,
  REDEMPTIONS_DEFAULTS,
  readRedemptionsState,
  redemptionsParams,
} from '../src/features/redemptions/queries';

/** The redemptions list's status and page live in the address: pending by default, "all" sends no status. */
describe('redemptions list state in the address', () => {
  it('reads the status and page and writes back only what differs from the defaults', () => {
    const params = new URLSearchParams('status=accepted&page=3&limit=50');
    const state = readRedemptionsState(params);
    expect(state).toEqual({ status: 'accepted', page: 3, limit: 50 });
    expect(redemptionsParams(state).toString()).toBe(params.toString());
    expect(redemptionsParams(REDEMPTIONS_DEFAULTS).toString()).toBe('');
    expect(redemptionsParams({ ...REDEMPTIONS_DEFAULTS, status: 'all' }).toString()).toBe('status=all');
  });

  it('falls back to pending and the first page for anything unreadable', () => {
    expect(readRedemptionsState(new URLSearchParams('status=paid&page=-1&limit=1000'))).toEqual(REDEMPTIONS_DEFAULTS);
  });

  it('shows completed as Approved', () => {
    expect(FILTER_LABELS.completed).toBe('Approved');
  });
});

describe('redemption steps', () => {
  const r = (
    status: AdminRedemption['status'],
    method: AdminRedemption['method'],
    payoutRef: string | null = null,
    payoutStatus: string | null = null,
  ) => ({ status, method, payoutRef, payoutStatus }) as AdminRedemption;

  it('approves a pending request: a crypto one is paid out, a wire accepted; both may be rejected', () => {
    expect(stepsOf(r('pending', 'crypto'))).toEqual({
      step: { action: 'approve', label: 'Approve and pay out' },
      reject: true,
    });
    expect(stepsOf(r('pending', 'directWire'))).toEqual({ step: { action: 'approve', label: 'Accept' }, reject: true });
  });

  it('marks an accepted wire paid; pays an accepted crypto request out only while COINQVEST has no payout', () => {
    expect(stepsOf(r('accepted', 'directWire')).step).toEqual({ action: 'paid', label: 'Mark paid' });
    // Accepted by a second administrator above the threshold, not paid out yet.
    expect(stepsOf(r('accepted', 'crypto')).step).toEqual({ action: 'retry', label: 'Pay out' });
    expect(stepsOf(r('accepted', 'crypto', null, 'FAILED')).step).toEqual({ action: 'retry', label: 'Retry payout' });
    expect(stepsOf(r('accepted', 'crypto', 'wd_1'))).toEqual({ step: null, reject: false });
  });

  it('leaves decided requests alone', () => {
    for (const status of ['completed', 'rejected', 'expired'] as const) {
      expect(isOpen(r(status, 'crypto'))).toBe(false);
      expect(isOpen(r(status, 'directWire'))).toBe(false);
    }
    expect(isOpen(r('pending', 'crypto'))).toBe(true);
  });
});

describe('where a request is paid', () => {
  it('names the method and the network', () => {
    expect(methodLine({ method: 'crypto', targetNetwork: 'BANK' })).toBe('COINQVEST · BANK');
    expect(methodLine({ method: 'directWire', targetNetwork: null })).toBe('Direct wire');
  });

  it('lists every field of the account in words, without empty values or bookkeeping', () => {
    expect(
      accountFields({ cbu: '2850590940090418135201', cuitPersonal: '20-12345678-6', cuitCompany: '', memoNote: 3 }),
    ).toEqual([
      ['CBU', '2850590940090418135201'],
      ['CUIT (personal)', '20-12345678-6'],
      ['Memo note', '3'],
    ]);
    expect(accountFields({ _id: 'x', bankName: 'First Bank', swiftBic: 'BOFAUS3N', createdAt: 'now' })).toEqual([
      ['Bank name', 'First Bank'],
      ['SWIFT / BIC', 'BOFAUS3N'],
    ]);
    expect(accountFields(null)).toEqual([]);
  });
});
