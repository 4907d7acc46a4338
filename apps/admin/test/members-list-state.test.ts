import { describe, expect, it } from 'vitest';
import { LIST_DEFAULTS, listParams, readListState } from '../src/features/members/queries';

/** The members list keeps its state in the address: what it reads back, and what it leaves out. */
describe('members list state in the address', () => {
  it('reads a full address and writes it back the same', () => {
    const params = new URLSearchParams('search=ann&status=blocked&sort=email&page=3&limit=50');
    const state = readListState(params);
    expect(state).toEqual({ search: 'ann', status: 'blocked', sort: 'email', page: 3, limit: 50 });
    expect(listParams(state).toString()).toBe(params.toString());
  });

  it('takes the default for anything unreadable, and writes only what differs from the defaults', () => {
    const state = readListState(new URLSearchParams('status=gone&sort=id&page=0&limit=1000&search='));
    expect(state).toEqual(LIST_DEFAULTS);
    expect(listParams(state).toString()).toBe('');
    expect(readListState(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(listParams({ ...LIST_DEFAULTS, page: 2 }).toString()).toBe('page=2');
  });
});
