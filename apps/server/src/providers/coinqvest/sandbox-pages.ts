import { multiply, round, toFixed } from '@vault/contract/money';

/**
 * The COINQVEST sandbox's pages, what a person sees at the provider: the hosted checkout (Pay, Pay less,
 * Cancel) and "simulate a deposit" (to any address the sandbox gave out, or another). Plain HTML forms that
 * post back to the sandbox (sandbox.ts); every value shown is escaped.
 */

export type CheckoutView = {
  id: string;
  state: string;
  billingCurrency: string;
  lineItems: { description: string; netAmount: string; quantity: number }[];
  total: string;
};
export type AddressView = { network: string; address: string; memo: string; createdAt: string };

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The asset a deposit to an address of each network brings by default. */
const NETWORK_ASSETS: Record<string, string> = { BITCOIN: 'BTC', ETHEREUM: 'ETH', LITECOIN: 'LTC' };

export function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
.sandbox{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{padding:.35rem .25rem;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}td:last-child{text-align:right}
code{word-break:break-all;font-size:.85rem}
form{display:inline-block;margin:.25rem .5rem .25rem 0}button{font-size:1rem;padding:.6rem 1.1rem;border-radius:.5rem;border:1px solid #9ca3af;background:#fff;cursor:pointer}
button.primary{background:#2563eb;border-color:#2563eb;color:#fff}input{font-size:1rem;padding:.5rem;width:7rem}</style></head>
<body><p class="sandbox">COINQVEST sandbox: no real payment is made.</p>${body}</body></html>`;
}

export function checkoutPage(prefix: string, c: CheckoutView) {
  const rows = c.lineItems
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)} × ${l.quantity}</td><td>${escapeHtml(toFixed(l.netAmount, 2))} ${escapeHtml(c.billingCurrency)}</td></tr>`,
    )
    .join('');
  const action = `${prefix}/pay/${encodeURIComponent(c.id)}`;
  const suggested = toFixed(round(multiply(c.total, '0.5'), 2), 2);
  const buttons =
    c.state === 'OPEN'
      ? `<form method="post" action="${action}"><input type="hidden" name="action" value="pay"><button class="primary" type="submit">Pay ${escapeHtml(toFixed(c.total, 2))} ${escapeHtml(c.billingCurrency)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="underpay"><label>Amount <input name="amount" value="${escapeHtml(suggested)}" inputmode="decimal"></label> <button type="submit">Pay less</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>`
      : `<p>This checkout is <strong>${escapeHtml(c.state)}</strong>.</p>`;
  return page(
    'COINQVEST checkout',
    `<h1>Checkout ${escapeHtml(c.id)}</h1><table>${rows}<tr><td><strong>Total</strong></td><td><strong>${escapeHtml(toFixed(c.total, 2))} ${escapeHtml(c.billingCurrency)}</strong></td></tr></table>${buttons}`,
  );
}

/**
 * "Simulate a deposit": one form per address the sandbox gave out (newest first, at most 50), as if coins
 * had arrived on chain, and a free form for any other address (which the provider would not attribute).
 */
export function depositPage(prefix: string, addresses: AddressView[], message = '') {
  const action = `${prefix}/deposits`;
  const form = (a: AddressView) =>
    `<form method="post" action="${action}"><input type="hidden" name="address" value="${escapeHtml(a.address)}">` +
    (a.memo ? `<input type="hidden" name="memo" value="${escapeHtml(a.memo)}">` : '') +
    `<input type="hidden" name="network" value="${escapeHtml(a.network)}">` +
    `<label>Asset <input name="assetCode" value="${escapeHtml(NETWORK_ASSETS[a.network] ?? 'USDC')}" required></label> ` +
    `<label>Amount <input name="amount" value="0.01" inputmode="decimal" required></label> ` +
    `<button class="primary" type="submit">Send deposit</button></form>`;
  const rows = addresses
    .slice(0, 50)
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.network)}<br><code>${escapeHtml(a.address)}</code>${a.memo ? `<br>memo ${escapeHtml(a.memo)}` : ''}</td><td>${form(a)}</td></tr>`,
    )
    .join('');
  return page(
    'COINQVEST sandbox: simulate a deposit',
    `<h1>Simulate a deposit</h1>${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}
<h2>Deposit addresses given out</h2>${rows ? `<table>${rows}</table>` : '<p>No deposit address has been given out yet.</p>'}
<h2>Another address</h2>
<form method="post" action="${action}"><p><label>Address <input name="address" style="width:20rem" required></label></p>
<p><label>Asset <input name="assetCode" value="USDC" required></label></p><p><label>Amount <input name="amount" value="100" required></label></p>
<button type="submit">Send deposit</button></form>`,
  );
}
