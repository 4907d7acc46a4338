import { describe, expect, it } from 'vitest';
import { AUDIT_DEFAULTS, auditCsvPath, auditParams, readAuditState } from '../src/features/audit/queries';
import { readOutboxState } from '../src/features/outbox/queries';
import { formatAmount } from '../src/lib/format';

/** The audit log and the outbox keep their filters in the address: what they read back, and what they leave out. */
describe('audit log state in the address', () => {
  it('reads a full address and writes it back the same', () => {
    const params = new URLSearchParams(
      'admin=a%40x.com&action=user.&member=m%40x.com&from=2026-01-01&to=2026-01-31&page=2&limit=50',
    );
    const state = readAuditState(params);
    expect(state).toEqual({
      admin: 'a@x.com',
      action: 'user.',
      member: 'm@x.com',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 2,
      limit: 50,
    });
    expect(auditParams(state).toString()).toBe(params.toString());
  });

  it('takes the default for anything unreadable, and writes only what differs', () => {
    const state = readAuditState(new URLSearchParams('page=0&limit=1000&action=%20%20'));
    expect(state).toEqual(AUDIT_DEFAULTS);
    expect(auditParams(state).toString()).toBe('');
  });

  it('exports the same filters without the page', () => {
    const state = readAuditState(new URLSearchParams('action=user.block&page=3'));
    expect(auditCsvPath(state)).toBe('admin/audit.csv?action=user.block');
    expect(auditCsvPath(AUDIT_DEFAULTS)).toBe('admin/audit.csv');
  });

  it('outbox: a recipient and one of the allowed sizes', () => {
    expect(readOutboxState(new URLSearchParams('to=a%40x.com&limit=200'))).toEqual({ to: 'a@x.com', limit: 200 });
    expect(readOutboxState(new URLSearchParams('limit=7'))).toEqual({ to: '', limit: 50 });
  });
});

describe('amounts as the API gives them', () => {
  it('groups the whole part by thousands and keeps the decimals exactly', () => {
    expect(formatAmount('1234567.12345678')).toBe('1,234,567.12345678');
    expect(formatAmount('-1000')).toBe('-1,000');
    expect(formatAmount('0.00000001')).toBe('0.00000001');
    expect(formatAmount('999')).toBe('999');
    // Beyond a JS number's exact range, still exact.
    expect(formatAmount('12345678901234567890.5')).toBe('12,345,678,901,234,567,890.5');
    expect(formatAmount('not a number')).toBe('not a number');
  });
});
