import { fillMessage, messages } from '@vault/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeTokens } from '../../src/db/schema.ts';
import { acquiredBalance, createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { isVaultActivated } from '../../src/modules/members/accounts.ts';
import { createLoggedInMember, startServer, type TestServer } from '../support.ts';

/**
 * Issue 12 §4, decision 0011: activation by holdings counts only what the member acquired (purchases, swaps,
 * credits), never tokens another member gave them. Activating with XAG needs 21 XAG whatever silver's price
 * (21 × price / price), so this file only makes sure XAG exists and leaves its price to activation.test.ts.
 */
let server: TestServer;
let ledger: Ledger;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  await server.db
    .insert(nativeTokens)
    .values({
      id: newId(),
      coinSymbol: 'XAG',
      name: 'Silver Asset Token',
      displayName: 'Silver',
      shortName: 'XAG',
      displaySymbol: 'XAG',
      description: 'Backed by 1 oz of 0.999 fine silver.',
      type: 'asset',
      iconUrl: '/tokens/xag.svg',
      coinColor: '#9aa5b1',
      price: '31.42',
      decimals: 4,
      orderIndex: 2,
    })
    .onConflictDoNothing();
});
afterAll(() => server.close());

const gpaData = { displayName: 'Test', primaryEmail: 'x@example.com' };
const newMember = () => createLoggedInMember(server, { gpaData });
const giver = () => createLoggedInMember(server, { gpaData, isWalletActivated: true });
type Member = Awaited<ReturnType<typeof newMember>>;

const activate = (m: Member) =>
  server.app.inject({
    method: 'POST',
    url: '/api/native-wallet/activateUserWallet',
    payload: { coinSymbol: 'XAG' },
    headers: m.headers,
  });
const credit = (m: Member, amount: string) => ledger.credit({ userId: m.user.id, asset: 'XAG', amount, by: null });
/** `amount` XAG from another member (credited first, so they have it). */
async function receive(m: Member, amount: string) {
  const from = await giver();
  await credit(from, amount);
  return ledger.send({ from: from.user.id, to: m.user.id, asset: 'XAG', amount });
}
const notAcquired = fillMessage(messages.activationAcquiredOnly, { amount: '21.0000', symbol: 'XAG' });
const shortfall = fillMessage(messages.activationShortfall, { amount: '21.0000', symbol: 'XAG' });

describe('activation counts only acquired value', () => {
  it('refuses a member whose 21 XAG were sent by another member, with the rule in the message', async () => {
    const m = await newMember();
    await receive(m, '21');
    const res = await activate(m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: notAcquired, code: 'ACTIVATION_NOT_ACQUIRED' });
    expect(await isVaultActivated(server.db, m.user.id)).toBe(false);
    expect(await acquiredBalance(server.db, m.user.id, 'XAG')).toEqual({ balance: '21', acquired: '0' });
  });

  it('activates a member credited 21 XAG (by the ledger, as an administrator’s credit is)', async () => {
    const m = await newMember();
    await credit(m, '21');
    const res = await activate(m);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.walletActivated);
  });

  it('adds received and credited correctly: only the credited part counts', async () => {
    const m = await newMember();
    await receive(m, '10');
    await credit(m, '11');
    expect(await acquiredBalance(server.db, m.user.id, 'XAG')).toEqual({ balance: '21', acquired: '11' });
    expect((await activate(m)).json()).toEqual({ message: notAcquired, code: 'ACTIVATION_NOT_ACQUIRED' });
    await credit(m, '9.9999');
    expect((await activate(m)).json().code).toBe('ACTIVATION_NOT_ACQUIRED');
    await credit(m, '0.0001');
    expect(await acquiredBalance(server.db, m.user.id, 'XAG')).toEqual({ balance: '31', acquired: '21' });
    expect((await activate(m)).statusCode).toBe(200);
  });

  it('answers the shortfall when even the whole balance is short', async () => {
    const m = await newMember();
    await receive(m, '5');
    await credit(m, '15');
    expect((await activate(m)).json()).toEqual({ message: shortfall, code: 'ACTIVATION_SHORTFALL' });
  });

  it('does not count an approved send request (a committed hold from another member) either', async () => {
    const m = await newMember();
    const from = await giver();
    await credit(from, '21');
    const { holdId } = await ledger.placeHold({
      userId: from.user.id,
      asset: 'XAG',
      amount: '21',
      reason: 'send request',
      metadata: { from: from.user.id, to: m.user.id },
    });
    await ledger.commitHold(holdId, { userId: m.user.id }, null, {
      metadata: { from: from.user.id, to: m.user.id },
    });
    expect(await acquiredBalance(server.db, m.user.id, 'XAG')).toEqual({ balance: '21', acquired: '0' });
    expect((await activate(m)).json().code).toBe('ACTIVATION_NOT_ACQUIRED');
  });

  it('takes a reversed send off once: the reversal already took it out of the balance', async () => {
    const m = await newMember();
    const { entryId } = await receive(m, '21');
    await credit(m, '20');
    expect((await activate(m)).json().code).toBe('ACTIVATION_NOT_ACQUIRED');
    await ledger.reverse(entryId, null, 'sent by mistake');
    expect(await acquiredBalance(server.db, m.user.id, 'XAG')).toEqual({ balance: '20', acquired: '20' });
    expect((await activate(m)).json().code).toBe('ACTIVATION_SHORTFALL');
    await credit(m, '1');
    expect((await activate(m)).statusCode).toBe(200);
  });
});
