import { describe, expect, it } from 'vitest';
import { onlinePurchasesFixture } from './online-purchases-fixture.ts';

/**
 * GET /api/go-cardless/purchase/:purchaseId (issue 13): what /direct-debit follows after the set-up. The
 * member's own direct-debit purchase only; anyone else's, or an unknown id, is 404. The server listens on
 * PUBLIC_URL so that the adapter reaches its own sandbox.
 */
const fx = onlinePurchasesFixture('vault_gocardless_state');
const { member } = fx;

const stateOf = (as: { headers: Record<string, string> } | null, purchaseId: string) =>
  fx.server.app.inject({ method: 'GET', url: `/api/go-cardless/purchase/${purchaseId}`, headers: as?.headers ?? {} });

describe('GET /api/go-cardless/purchase/:purchaseId', () => {
  it("answers the member's own direct-debit purchase; another's, an unknown id or no session is refused", async () => {
    const m = await member();
    const created = await fx.server.app.inject({
      method: 'POST',
      url: '/api/go-cardless/create-customer',
      headers: m.headers,
      payload: {
        paymentType: 'tokenPurchase',
        tokenId: 'Q',
        amount: '40',
        email: 'grace@example.com',
        given_name: 'Grace',
        family_name: 'Hopper',
        address_line1: '1 Main Street',
        city: 'Arlington',
        postal_code: '22201',
        phone_number: '+1 555 0100',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { purchaseId, orderId } = created.json().data;

    const mine = await stateOf(m, purchaseId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ purchaseId, orderId, status: 'pending', issuedAmount: null });

    const other = await member();
    expect((await stateOf(other, purchaseId)).statusCode).toBe(404);
    expect((await stateOf(m, '01890000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await stateOf(m, 'not-a-uuid')).statusCode).toBe(400);
    expect((await stateOf(null, purchaseId)).statusCode).toBe(401);
  });
});
