import { compare } from '@vault/contract/money';
import type { CreatePoolBody } from '@vault/contract/schemas/opportunities';
import { eq } from 'drizzle-orm';
import type { Container } from '../../container.ts';
import { users } from '../schema.ts';
import { DEMO_ADMIN } from './demo-admin.ts';

/**
 * The demo's opportunity pools (issue 17 item 1) and the demo member's part in them: subscribed to the
 * yearly plan and holding units of the first pool, acquired as any member would (an acquire request, then
 * the demo owner's approval). Everything through the services and the ledger; the images are pictures the
 * member app ships (apps/web/public/opportunities). Only what is missing is added, so a re-run changes nothing.
 */
export const DEMO_POOLS: CreatePoolBody[] = [
  {
    name: 'Silent Wave',
    title: 'Independent music royalties',
    image: '/opportunities/silent-wave.svg',
    description:
      'A catalogue of 212 independent recordings and their publishing rights. Unit holders share the net ' +
      'streaming, sync-licensing and performance income the catalogue earns until the due date.',
    totalSupply: '5000000',
    pricePerShare: '1.25',
    dueDate: '2031-06-30',
    royalties: '6.5 % of net catalogue income a year, paid quarterly in Q',
  },
  {
    name: 'Harbor Solar',
    title: 'Community solar farm, 4.2 MW',
    image: '/opportunities/harbor-solar.svg',
    description:
      'A 4.2 MW community solar farm on a former harbour depot, selling its power under a 20-year agreement ' +
      'with the local utility. Unit holders share the power sales after operating costs.',
    totalSupply: '2000000',
    pricePerShare: '4.80',
    dueDate: '2033-12-31',
    royalties: '8 % of net power sales a year, paid twice a year in Q',
  },
];

/** The demo member and what they get: the monthly plan and these units of the first pool. */
const MEMBER = 'member@vault.local';
const PLAN = 'Vault Yearly';
const UNITS = '40';

async function userByEmail(container: Container, email: string) {
  const [row] = await container.db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function seedDemoOpportunities(container: Container) {
  const { pools, acquire, acquireDesk, plans, subscriptions } = container.services;
  const admin = await userByEmail(container, DEMO_ADMIN.email);
  const member = await userByEmail(container, MEMBER);
  if (!admin || !member) return;
  const existing = (await pools.list(member)).data;
  for (const pool of DEMO_POOLS) {
    if (!existing.some((p) => p.name === pool.name)) await pools.create(admin, pool);
  }
  const listed = (await pools.list(member)).data;
  const first = listed.find((p) => p.name === DEMO_POOLS[0]!.name)!;

  if ((await subscriptions.current(member)).data.length === 0) {
    const plan = (await plans.offered()).data.find((p) => p.title === PLAN);
    if (plan) await subscriptions.subscribe(member, { planId: plan._id, isRenewable: false, type: 'subscription' });
  }
  // Units once: only while the member holds none and has no request for the pool.
  const asked = (await acquire.list(member, { page: 1, limit: 1, status: undefined })).total;
  if (compare(first.balance, '0') > 0 || asked > 0) return;
  const request = await acquire.request(member, { assetPool: first._id, amount: UNITS, paymentMethod: 'nativeToken' });
  await acquireDesk.approve(admin, request.data._id);
}
