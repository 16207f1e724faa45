import { randomUUID } from 'node:crypto';
import { createPayment, getPayment } from '@stride/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { SANDBOX_PAGE_HELMET } from '../../http/security-headers.js';
import { publicOrigin } from '../../http/origin.js';
import type { Clock } from '../../lib/clock.js';
import { checkCheckoutLink, sandboxCallback } from './sandbox-provider.js';
import type { PaymentsService } from './payments.service.js';

export const SANDBOX_CALLBACK_PATH = '/api/pay/callback/sandbox';

export function registerPaymentRoutes(
  endpoints: EndpointRegistrar,
  deps: { payments: PaymentsService; config: Config },
) {
  const { payments, config } = deps;

  endpoints.handle(createPayment, ({ user, body, request }) =>
    payments.create(user.id, body, publicOrigin(config, request.server)),
  );

  endpoints.handle(getPayment, ({ user, params }) => payments.get(user.id, params.id));
}

/**
 * Provider callbacks live outside the envelope: they answer what the provider expects, and read
 * the raw body, because the signature covers the exact bytes sent.
 */
export function registerPaymentCallbacks(app: FastifyInstance, deps: { payments: PaymentsService; clock: Clock }) {
  const { payments, clock } = deps;
  const provider = payments.provider;
  if (!provider) return;
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, next) => next(null, body));
    scope.post(`/api/pay/callback/${provider.name}`, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = provider.parseCallback(raw, request.headers, clock.now());
      if (!event) {
        request.log.warn({ provider: provider.name }, 'payment callback refused');
        const answer = provider.acknowledge(false);
        return reply.code(answer.status).send(answer.body);
      }
      const outcome = await payments.handleEvent(provider.name, event);
      request.log.info({ provider: provider.name, payment: event.paymentId, outcome }, 'payment callback');
      const answer = provider.acknowledge(true);
      return reply.code(answer.status).send(answer.body);
    });
    done();
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A served file, not an inline <style>: the page's policy allows styles from this origin only. */
const SANDBOX_STYLESHEET_PATH = '/sandbox/pay.css';
const SANDBOX_STYLESHEET =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font-size:1.1rem;padding:.6rem 1.4rem;margin:.3rem}.demo{background:#fff3cd;padding:.5rem;border-radius:4px}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"></head><body><p class="demo">Sandbox payment provider: no real money moves.</p>${body}</body></html>`;
}

const LINK_REFUSED = page(
  'Payment link not valid',
  '<h1>This payment link is not valid or has expired</h1><p>Nothing was paid or changed. Open the payment again from Stride.</p>',
);

/**
 * The sandbox provider's checkout page: Pay and Cancel post here, and this route then signs and
 * posts the callback to this server over real HTTP, exactly as a real provider would. The page
 * has no login, so it and its actions need the signed, expiring link handed to the payment's
 * owner (`expires` and `sig` in the query); anything else is refused before the payment is read.
 */
export function registerSandboxCheckout(
  app: FastifyInstance,
  deps: { payments: PaymentsService; config: Config; clock: Clock },
) {
  const { payments, config, clock } = deps;
  const selfUrl = () => {
    if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = typeof address === 'object' && address && !['0.0.0.0', '::'].includes(address.address);
    const shown = host ? (address.family === 'IPv6' ? `[${address.address}]` : address.address) : '127.0.0.1';
    return `http://${shown}:${port}`;
  };

  void app.register((scope, _options, done) => {
    // Browsers post forms as urlencoded; the page's forms carry nothing we need to read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, next) =>
      next(null, {}),
    );

    type LinkQuery = { expires?: string; sig?: string };
    const linkIsGood = (id: string, query: LinkQuery) =>
      checkCheckoutLink(config.payments.sandboxSecret, id, query, clock.now());

    scope.get(SANDBOX_STYLESHEET_PATH, { helmet: SANDBOX_PAGE_HELMET }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_STYLESHEET),
    );

    const pageOptions = { helmet: SANDBOX_PAGE_HELMET };
    scope.get<{ Params: { id: string }; Querystring: LinkQuery }>(
      '/sandbox/pay/:id',
      pageOptions,
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        reply.header('cache-control', 'no-store');
        if (!linkIsGood(request.params.id, request.query)) return reply.code(403).send(LINK_REFUSED);
        const payment = await payments.findForCheckout(request.params.id);
        if (!payment) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
        const amount = `¥${(payment.amount / 100).toFixed(2)}`;
        if (payment.status !== 'pending') {
          return page('Sandbox payment', `<h1>Payment ${escapeHtml(payment.status)}</h1><p>${amount}</p>`);
        }
        const link = new URLSearchParams({ expires: request.query.expires ?? '', sig: request.query.sig ?? '' });
        const action = (name: string) =>
          escapeHtml(`/sandbox/pay/${encodeURIComponent(payment.id)}/${name}?${link.toString()}`);
        return page(
          'Sandbox payment',
          `<h1>Pay ${amount}</h1><p>Membership order ${escapeHtml(payment.orderId)}</p>` +
            `<form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>` +
            `<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
        );
      },
    );

    scope.post<{ Params: { id: string; action: string }; Querystring: LinkQuery }>(
      '/sandbox/pay/:id/:action',
      pageOptions,
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const { id, action } = request.params;
        if (!linkIsGood(id, request.query)) return reply.code(403).send(LINK_REFUSED);
        const payment = await payments.findForCheckout(id);
        if (!payment || (action !== 'pay' && action !== 'cancel')) {
          return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
        }
        if (payment.status !== 'pending') {
          return page('Sandbox payment', `<h1>Payment ${escapeHtml(payment.status)}</h1>`);
        }
        const signed = sandboxCallback(
          config.payments.sandboxSecret,
          {
            eventId: randomUUID(),
            paymentId: id,
            outcome: action === 'pay' ? 'paid' : 'failed',
            amount: payment.amount,
          },
          clock.now(),
        );
        const response = await fetch(`${selfUrl()}${SANDBOX_CALLBACK_PATH}`, {
          method: 'POST',
          headers: signed.headers,
          body: signed.body,
        });
        if (!response.ok) {
          request.log.error({ status: response.status }, 'sandbox callback was refused');
          return reply.code(502).send(page('Sandbox payment', '<h1>The callback was refused</h1>'));
        }
        const heading = action === 'pay' ? 'Payment complete' : 'Payment cancelled';
        return page('Sandbox payment', `<h1>${heading}</h1><p>You can close this tab and return to Stride.</p>`);
      },
    );
    done();
  });
}
