import { messages } from '@vault/contract/messages';
import { LOG_TYPES } from '@vault/contract/schemas/wallet';
import { describe, expect, it } from 'vitest';
import { fromLedgerError } from '../../src/http/errors.ts';
import { entryKinds, LedgerError, type LedgerErrorCode } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';

/** The entry-kind registry (ledger/kinds.ts) and the edge's reading of the ledger's errors, without a database. */

const read = (kind: string, metadata: Record<string, unknown>, side: 'giver' | 'receiver') =>
  entryKinds.read(kind, entryKinds.metadata(kind, metadata), side);

describe('entry-kind registry', () => {
  it('reads each kind for the member on each side, with the spec 2 §4 title and direction', () => {
    const [from, to, holdId, requestId] = [newId(), newId(), newId(), newId()];
    const cases: [string, Record<string, unknown>, 'giver' | 'receiver', unknown][] = [
      ['send', { from, to }, 'giver', { logType: 'sendAssets', title: 'Send', direction: 'withdraw' }],
      ['send', { from, to }, 'receiver', { logType: 'sendAssets', title: 'Receive', direction: 'deposit' }],
      ['credit', {}, 'receiver', { logType: 'creditAssets', title: 'Credit', direction: 'deposit' }],
      ['credit', { logType: 'liquidityCredit' }, 'receiver', null],
      ['reversal', {}, 'giver', { logType: 'debitAssets', title: 'Debit', direction: 'withdraw' }],
      ['reversal', {}, 'receiver', { logType: 'creditAssets', title: 'Credit', direction: 'deposit' }],
      [
        'holdPlace',
        { holdId, from, to, requestId },
        'giver',
        { logType: 'sendAssets', title: 'Send', direction: 'withdraw' },
      ],
      ['holdPlace', { holdId }, 'giver', { logType: 'debitAssets', title: 'Debit', direction: 'withdraw' }],
      [
        'holdPlace',
        { holdId, logType: 'withdraw' },
        'giver',
        { logType: 'withdraw', title: 'Withdraw', direction: 'withdraw' },
      ],
      [
        'holdCommit',
        { holdId, from, to },
        'receiver',
        { logType: 'sendAssets', title: 'Receive', direction: 'deposit' },
      ],
      ['holdRelease', { holdId }, 'receiver', null],
      ['swap', {}, 'giver', { logType: 'assetToAssetSwap', title: 'Swap', direction: 'deposit' }],
      [
        'swap',
        { logType: 'cryptoSwap' },
        'giver',
        { logType: 'cryptoSwap', title: 'Crypto Swap', direction: 'deposit' },
      ],
      ['fee', { reason: 'wire fee' }, 'giver', { logType: 'debitAssets', title: 'Debit', direction: 'withdraw' }],
      [
        'chargeBack',
        { purchaseId: holdId, providerEventId: 'WH-1' },
        'giver',
        { logType: 'debitAssets', title: 'Debit', direction: 'withdraw' },
      ],
      // The marketplace (issue 17): the buyer's Acquired From Marketplace, the seller's Exchanged (listing and sale).
      [
        'marketplaceTrade',
        { adId: holdId, tradeId: requestId, from, to },
        'giver',
        { logType: 'nftPurchase', title: 'Acquired From Marketplace', direction: 'deposit' },
      ],
      [
        'marketplaceTrade',
        { adId: holdId, tradeId: requestId, from, to },
        'receiver',
        { logType: 'nftExchange', title: 'Exchanged', direction: 'deposit' },
      ],
      [
        'marketplaceList',
        { adId: holdId },
        'giver',
        { logType: 'nftExchange', title: 'Exchanged', direction: 'withdraw' },
      ],
      [
        'marketplaceReturn',
        { adId: holdId, closedAs: 'deleted' },
        'receiver',
        { logType: 'creditAssets', title: 'Credit', direction: 'deposit' },
      ],
    ];
    for (const [kind, metadata, side, reading] of cases) {
      expect(read(kind, metadata, side), `${kind} ${JSON.stringify(metadata)} ${side}`).toEqual(reading);
    }
  });

  it('names only spec 2 §3 log types, and every kind says whether it is reversible', () => {
    for (const kind of entryKinds.kinds()) {
      for (const type of [kind.history?.giver, kind.history?.receiver, kind.history?.ifPresent?.logType]) {
        if (type) expect(LOG_TYPES).toContain(type);
      }
      expect(typeof kind.reversible).toBe('boolean');
    }
    expect(
      entryKinds
        .kinds()
        .filter((k) => k.reversible)
        .map((k) => k.kind),
    ).toEqual(['credit', 'send', 'swap', 'fee']);
  });

  it('refuses unknown kinds and metadata its kind does not declare', () => {
    const code = (run: () => unknown) => {
      try {
        run();
        return 'accepted';
      } catch (error) {
        return (error as LedgerError).code;
      }
    };
    expect(code(() => entryKinds.metadata('gift', {}))).toBe('UNKNOWN_KIND');
    expect(code(() => entryKinds.metadata('send', { from: newId() }))).toBe('INVALID_METADATA');
    expect(code(() => entryKinds.metadata('credit', { logType: 'sendAssets' }))).toBe('INVALID_METADATA');
    expect(code(() => entryKinds.metadata('swap', { rate: 'one' }))).toBe('INVALID_METADATA');
    expect(entryKinds.metadata('swap', { rate: '30.5' })).toEqual({ rate: '30.5', logType: 'assetToAssetSwap' });
  });
});

describe('the ledger’s errors at the edge', () => {
  it('answers each refusal a member can cause with the spec’s message and status; the rest are 500s', () => {
    const answer = (code: LedgerErrorCode) => {
      const mapped = fromLedgerError(new LedgerError(code));
      return mapped && { status: mapped.statusCode, code: mapped.code, message: mapped.message, fields: mapped.fields };
    };
    expect(answer('INSUFFICIENT_BALANCE')).toEqual({
      status: 400,
      code: 'INSUFFICIENT_BALANCE',
      message: messages.insufficientBalance,
      fields: { amount: messages.insufficientBalance },
    });
    expect(answer('INVALID_AMOUNT')).toMatchObject({ status: 400, message: messages.invalidAmount });
    expect(answer('SEND_TO_SELF')).toMatchObject({ status: 400, message: messages.invalidRequest });
    expect(answer('NOT_FOUND')).toMatchObject({ status: 404, message: messages.notFound });
    expect(answer('HOLD_RESOLVED')).toMatchObject({ status: 409, message: messages.holdAlreadyResolved });
    expect(answer('ALREADY_REVERSED')).toMatchObject({ status: 409, message: messages.entryAlreadyReversed });
    expect(answer('NOT_REVERSIBLE')).toMatchObject({ status: 400, message: messages.entryNotReversible });
    expect(answer('IDEMPOTENCY_KEY_REUSED')).toMatchObject({ status: 409, message: messages.idempotencyKeyReused });
    for (const code of [
      'CONDITION_FAILED',
      'UNBALANCED',
      'UNKNOWN_KIND',
      'INVALID_METADATA',
      'INVALID_ACCOUNT',
    ] as const) {
      expect(answer(code), code).toBeUndefined();
    }
  });
});
