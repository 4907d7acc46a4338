import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PREFIX } from './adapter.ts';
import { pathTo } from './sandbox-payments.ts';
import { param, SANDBOX_ROUTE, type SandboxState } from './sandbox-store.ts';

/**
 * The GoCardless sandbox's pages (what a person sees): the hosted payment page at each flow's redirect_url
 * ("Set up direct debit" / "Cancel", back to the flow's success URL), the confirmation page, and the list of
 * payments with the buttons that move them.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · GoCardless sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1c1c1c}
.note{background:#fff6d6;padding:.5rem .75rem;border-radius:6px;font-size:.9rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:6px;border:1px solid #555;cursor:pointer}
.primary{background:#1c1c1c;color:#fff}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;font-size:.9rem}
form{display:inline}</style></head><body>
<p class="note">GoCardless sandbox of this installation: no bank is involved and no money moves.</p>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function sandboxPageRoutes(app: FastifyInstance, state: SandboxState) {
  const { flows, payments } = state;
  const opts_ = SANDBOX_ROUTE;

  app.get(SANDBOX_PREFIX, opts_, async (_request, reply) => {
    const rows = [...payments.values()]
      .reverse()
      .slice(0, 100)
      .map((p) => {
        const buttons = ['confirmed', 'paid_out', 'failed', 'charged_back', 'cancelled']
          .filter((to) => pathTo(p.status, to))
          .map(
            (to) =>
              `<form method="post" action="${SANDBOX_PREFIX}/payments/${p.id}/actions/simulate"><input type="hidden" name="to" value="${to}"><button type="submit">${to.replace('_', ' ')}</button></form>`,
          )
          .join('');
        return `<tr><td>${p.id}</td><td>${(p.amount / 100).toFixed(2)} ${escapeHtml(p.currency)}</td><td>${escapeHtml(p.status)}</td><td>${escapeHtml(p.metadata.purchaseId ?? '')}</td><td>${buttons}</td></tr>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Payments',
          rows
            ? `<table><tr><th>id</th><th>amount</th><th>status</th><th>purchase</th><th>move to</th></tr>${rows}</table>`
            : '<p>No payments yet.</p>',
        ),
      );
  });

  // -- The hosted payment pages ----------------------------------------------------------------

  app.get(`${SANDBOX_PREFIX}/flow/:id`, opts_, async (request, reply) => {
    const flow = flows.get(param(request));
    reply.type('text/html; charset=utf-8');
    if (!flow)
      return reply.status(404).send(page('Not found', '<p>This payment page does not exist or has expired.</p>'));
    if (flow.state !== 'created')
      return page(
        'Already done',
        `<p>This Direct Debit set-up was already ${flow.state === 'cancelled' ? 'cancelled' : 'finished'}.</p>`,
      );
    const p = flow.prefilled;
    const name = [p.given_name, p.family_name].filter(Boolean).join(' ');
    const rows = [
      ['Name', name],
      ['Company', p.company_name],
      ['Email', p.email],
      ['Address', [p.address_line1, p.city, p.postal_code].filter(Boolean).join(', ')],
      ['Phone', p.phone_number],
      ['Bank account', 'Sandbox test account ••••1234'],
    ]
      .filter(([, v]) => v)
      .map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`)
      .join('');
    const action = (what: string) => `${SANDBOX_PREFIX}/flow/${flow.id}/${what}`;
    return page(
      'Set up a Direct Debit',
      `${flow.description ? `<p>${escapeHtml(flow.description)}</p>` : ''}<dl>${rows}</dl>
<form method="post" action="${action('confirm')}"><button class="primary" type="submit">Set up direct debit</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
    );
  });

  const decide = (state: 'approved' | 'cancelled') => async (request: FastifyRequest, reply: FastifyReply) => {
    const flow = flows.get(param(request));
    if (!flow)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page('Not found', '<p>This payment page does not exist or has expired.</p>'));
    if (flow.state === 'created') flow.state = state;
    const back = new URL(flow.successRedirectUrl);
    back.searchParams.set('redirect_flow_id', flow.id);
    return reply.redirect(back.toString(), 303);
  };
  app.post(`${SANDBOX_PREFIX}/flow/:id/confirm`, opts_, decide('approved'));
  app.post(`${SANDBOX_PREFIX}/flow/:id/cancel`, opts_, decide('cancelled'));

  app.get(`${SANDBOX_PREFIX}/confirmation/:id`, opts_, async (request, reply) => {
    const flow = flows.get(param(request));
    reply.type('text/html; charset=utf-8');
    if (flow?.state !== 'completed')
      return reply.status(404).send(page('Not found', '<p>There is no finished Direct Debit set-up here.</p>'));
    return page(
      'Direct Debit confirmed',
      `<p>Your Direct Debit Instruction is set up.</p><dl><dt>Mandate</dt><dd>${flow.mandate}</dd><dt>Customer</dt><dd>${flow.customer}</dd></dl>`,
    );
  });
}
