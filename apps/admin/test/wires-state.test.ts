import type { AdminWire } from '@vault/contract/schemas/funding';
import { describe, expect, it } from 'vitest';
import { isOverdue, isUndecided } from '../src/features/wires/describe';
import { readWiresState, WIRES_DEFAULTS, wiresParams } from '../src/features/wires/queries';

/** The wires list's status and page live in the address: pending by default, "all" sends no status. */
describe('wires list state in the address', () => {
  it('reads the status and page and writes back only what differs from the defaults', () => {
    const params = new URLSearchParams('status=completed&page=3&limit=50');
    const state = readWiresState(params);
    expect(state).toEqual({ status: 'completed', page: 3, limit: 50 });
    expect(wiresParams(state).toString()).toBe(params.toString());
    expect(wiresParams(WIRES_DEFAULTS).toString()).toBe('');
    expect(wiresParams({ ...WIRES_DEFAULTS, status: 'all' }).toString()).toBe('status=all');
  });

  it('falls back to pending and the first page for anything unreadable', () => {
    expect(readWiresState(new URLSearchParams('status=paid&page=-1&limit=1000'))).toEqual(WIRES_DEFAULTS);
  });
});

describe('wire states', () => {
  const wire = (status: AdminWire['status'], dueAt: string) => ({ status, dueAt }) as AdminWire;
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('is overdue only while pending past its due date', () => {
    expect(isOverdue(wire('pending', '2026-11-23T11:59:00Z'), now)).toBe(true);
    expect(isOverdue(wire('pending', '2026-11-23T12:01:00Z'), now)).toBe(false);
    expect(isOverdue(wire('expired', '2026-11-20T00:00:00Z'), now)).toBe(false);
  });

  it('may be decided while pending or expired (money may arrive late)', () => {
    expect(isUndecided(wire('pending', ''))).toBe(true);
    expect(isUndecided(wire('expired', ''))).toBe(true);
    expect(isUndecided(wire('completed', ''))).toBe(false);
    expect(isUndecided(wire('rejected', ''))).toBe(false);
  });
});
