import type { AdminMarketplaceAd } from '@vault/contract/schemas/marketplace';
import { describe, expect, it } from 'vitest';
import { readKind } from '../src/features/approvals/queries';
import { isHideable, offerState } from '../src/features/marketplace/describe';
import { ADS_DEFAULTS, adsParams, readAdsState } from '../src/features/marketplace/queries';
import {
  ACQUIRE_FILTER_LABELS,
  acquireStatusLabel,
  acquireStatusTone,
  formatQ,
  formatUnits,
} from '../src/features/opportunities/describe';
import { POOLS_DEFAULTS, poolsParams, readPoolsState } from '../src/features/opportunities/pool-queries';
import { ACQUIRE_DEFAULTS, acquireParams, readAcquireState } from '../src/features/opportunities/request-queries';

/** Issue 17 item 7: the pools', acquire requests' and ads' lists live in the address; amounts as the API sends them. */
describe('opportunities and marketplace state in the address', () => {
  it('reads the acquire requests’ status and page, writes back only what differs: pending first', () => {
    const params = new URLSearchParams('status=rejected&page=2&limit=50');
    const state = readAcquireState(params);
    expect(state).toEqual({ status: 'rejected', page: 2, limit: 50 });
    expect(acquireParams(state).toString()).toBe(params.toString());
    expect(acquireParams(ACQUIRE_DEFAULTS).toString()).toBe('');
    expect(readAcquireState(new URLSearchParams('status=paid&page=0&limit=500'))).toEqual(ACQUIRE_DEFAULTS);
    expect(ACQUIRE_DEFAULTS.status).toBe('pending');
    expect(ACQUIRE_FILTER_LABELS.all).toBe('All');
  });

  it('reads the pools’ page and the pool opened', () => {
    const state = readPoolsState(new URLSearchParams('page=3&pool=abc'));
    expect(state).toEqual({ page: 3, limit: POOLS_DEFAULTS.limit, pool: 'abc' });
    expect(poolsParams(state).toString()).toBe('page=3&pool=abc');
    expect(poolsParams(POOLS_DEFAULTS).toString()).toBe('');
    expect(readPoolsState(new URLSearchParams('page=x&pool='))).toEqual(POOLS_DEFAULTS);
  });

  it('reads the ads’ status: active first, every status of the contract, or all', () => {
    expect(readAdsState(new URLSearchParams('status=hidden'))).toEqual({ ...ADS_DEFAULTS, status: 'hidden' });
    expect(readAdsState(new URLSearchParams('status=bogus'))).toEqual(ADS_DEFAULTS);
    expect(adsParams({ ...ADS_DEFAULTS, status: 'all' }).toString()).toBe('status=all');
    expect(ADS_DEFAULTS.status).toBe('active');
  });

  it('has an Acquire requests kind in the approvals queue', () => {
    expect(readKind(new URLSearchParams('kind=acquire'))).toBe('acquire');
  });
});

describe('words and amounts', () => {
  it('shows units to 2 decimals and Q to the cent at least, never rounding an amount away', () => {
    expect(formatUnits('1000000')).toBe('1,000,000.00');
    expect(formatUnits('4.5')).toBe('4.50');
    expect(formatQ('10')).toBe('10.00 Q');
    expect(formatQ('2.12345678')).toBe('2.12345678 Q');
    expect(formatQ('1234.5')).toBe('1,234.50 Q');
  });

  it('names every status of a request, an unknown one as it is', () => {
    expect(acquireStatusLabel('expired')).toBe('Expired');
    expect(acquireStatusTone('approved')).toBe('success');
    expect(acquireStatusLabel('later')).toBe('Later');
    expect(acquireStatusTone('later')).toBe('neutral');
  });

  it('says what is left of an ad: in escrow while open, sold out, or returned once closed', () => {
    const ad = (status: AdminMarketplaceAd['status']) =>
      ({ status, symbol: 'XAG', remainingShares: '3.0000', totalShares: '5.0000' }) as AdminMarketplaceAd;
    expect(offerState(ad('active'))).toBe('3.0000 XAG left');
    expect(offerState(ad('deactivated'))).toBe('3.0000 XAG left');
    expect(offerState(ad('sold'))).toBe('5.0000 XAG sold out');
    expect(offerState(ad('hidden'))).toBe('3.0000 XAG returned');
    expect(isHideable(ad('deleted'))).toBe(false);
    expect(isHideable(ad('deactivated'))).toBe(true);
  });
});
