import { randomUUID } from 'node:crypto';
import { LANGUAGES, createPayment, getPayment, type Language } from '@stride/contract';
import type { FastifyInstance } from 'fastify';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { SANDBOX_PAGE_HELMET } from '../../http/security-headers.js';
import { publicOrigin } from '../../http/origin.js';
import { negotiateLanguage, translator } from '../../locales/index.js';
import type { Clock } from '../../lib/clock.js';
import { checkCheckoutLink, sandboxCallback } from './sandbox-provider.js';
import type { PaymentsService } from './payments.service.js';
import type { PaymentsSettings } from './payments.settings.js';

export const SANDBOX_CALLBACK_PATH = '/api/pay/callback/sandbox';

export function registerPaymentRoutes(
  endpoints: EndpointRegistrar,
  deps: { payments: PaymentsService; config: FrameConfig },
) {
  const { payments, config } = deps;

  // The pay page speaks the app's language, which the app sends with the request (decision 084 "Content per language").
  endpoints.handle(createPayment, ({ user, body, request, language }) =>
    payments.create(user.id, body, publicOrigin(config, request.server), language),
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
/**
 * The app's look (apps/web/src/app/app.css): its colours, its font stack chosen by the page's
 * language, a phone-wide column that fits 360 px, and buttons of the app's size (decision 084 "Content per language").
 */
const SANDBOX_STYLESHEET = [
  ':root{--primary:#0e6ae8;--text:#1f1f1f;--text-secondary:#6b6b6b;--hairline:#e5e5e5;--background:#f5f6f8;--danger:#d1242f;',
  "--font:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei',sans-serif}",
  ":root:lang(zh-Hans){--font:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC',sans-serif}",
  ":root:lang(zh-Hant){--font:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang TC','Microsoft JhengHei','Noto Sans CJK TC','Noto Sans TC',sans-serif}",
  '*{box-sizing:border-box}',
  'html,body{margin:0;padding:0;background:var(--background);color:var(--text);font-family:var(--font);-webkit-text-size-adjust:100%}',
  'main{max-width:375px;margin:0 auto;padding:16px 12px 32px}',
  '.demo{margin:0 0 12px;padding:8px 12px;border-radius:8px;background:#fff7e6;color:#6b3d00;font-size:13px;line-height:1.5}',
  '.card{background:#fff;border-radius:12px;padding:20px 16px;text-align:center}',
  'h1{margin:0 0 8px;font-size:18px;font-weight:600;line-height:1.4}',
  '.label{margin:0;color:var(--text-secondary);font-size:13px}',
  '.amount{margin:4px 0 8px;font-size:32px;font-weight:600;font-variant-numeric:tabular-nums}',
  '.detail{margin:0 0 16px;color:var(--text-secondary);font-size:13px;line-height:1.5;overflow-wrap:anywhere}',
  'form{margin:0}',
  '.button{display:block;width:100%;min-height:44px;margin:12px 0 0;padding:10px 16px;border:1px solid var(--primary);border-radius:22px;',
  'font:inherit;font-size:16px;line-height:22px;text-align:center;text-decoration:none;cursor:pointer}',
  '.primary{background:var(--primary);color:#fff}',
  '.secondary{background:#fff;color:var(--primary)}',
  '.quiet{border-color:var(--hairline);background:#fff;color:var(--text-secondary)}',
  '.button:focus-visible{outline:2px solid var(--primary);outline-offset:2px}',
].join('');

/** Where the pay page sends the payer when done: the app's membership orders, on this origin (docs/product/client.md, Pages). */
export const SANDBOX_RETURN_PATH = '/#/pages-sub/order/member';

/**
 * The page's language: the app's, named in the link (`lang`), else the browser's (decision 084 "Content per language").
 */
function pageLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  const languages: readonly string[] = LANGUAGES;
  return typeof lang === 'string' && languages.includes(lang) ? (lang as Language) : negotiateLanguage(acceptLanguage);
}

function page(language: Language, title: string, body: string): string {
  const t = translator(language);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>` +
    `<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"></head><body><main>` +
    `<p class="demo">${escapeHtml(t('sandboxPay.demo'))}</p><div class="card">${body}</div></main></body></html>`
  );
}

/** A page that ends the payer's visit: what happened, and the way back to the app's orders. */
function endPage(language: Language, heading: string, detail: string): string {
  const t = translator(language);
  return page(
    language,
    heading,
    `<h1>${escapeHtml(heading)}</h1><p class="detail">${escapeHtml(detail)}</p>` +
      `<a class="button primary" href="${SANDBOX_RETURN_PATH}">${escapeHtml(t('sandboxPay.back'))}</a>`,
  );
}

const yuan = (amount: number) => `¥${(amount / 100).toFixed(2)}`;

/**
 * The sandbox provider's checkout page: Pay and Cancel post here, and this route then signs and
 * posts the callback to this server over real HTTP, exactly as a real provider would. The page
 * has no login, so it and its actions need the signed, expiring link handed to the payment's
 * owner (`expires` and `sig` in the query); anything else is refused before the payment is read.
 */
export function registerSandboxCheckout(
  app: FastifyInstance,
  deps: { payments: PaymentsService; config: FrameConfig & PaymentsSettings; clock: Clock },
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

    type LinkQuery = { expires?: string; sig?: string; lang?: string };
    /** The link's query again, for the page's forms: its signature, and its language. */
    const linkQuery = (query: LinkQuery, language: Language) =>
      new URLSearchParams({ expires: query.expires ?? '', sig: query.sig ?? '', lang: language }).toString();
    const linkRefused = (language: Language) => {
      const t = translator(language);
      return endPage(language, t('sandboxPay.linkInvalid'), t('sandboxPay.linkInvalidHint'));
    };
    const notFoundPage = (language: Language) => {
      const t = translator(language);
      return endPage(language, t('sandboxPay.notFound'), t('sandboxPay.linkInvalidHint'));
    };
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
        const language = pageLanguage(request.query.lang, request.headers['accept-language']);
        const t = translator(language);
        if (!linkIsGood(request.params.id, request.query)) return reply.code(403).send(linkRefused(language));
        const payment = await payments.findForCheckout(request.params.id);
        if (!payment) return reply.code(404).send(notFoundPage(language));
        if (payment.status !== 'pending') {
          return endPage(
            language,
            t(payment.status === 'paid' ? 'sandboxPay.paid' : 'sandboxPay.closed'),
            t('sandboxPay.doneHint'),
          );
        }
        const action = (name: string) =>
          escapeHtml(`/sandbox/pay/${encodeURIComponent(payment.id)}/${name}?${linkQuery(request.query, language)}`);
        const amount = yuan(payment.amount);
        return page(
          language,
          t('sandboxPay.title'),
          `<h1>${escapeHtml(t('sandboxPay.title'))}</h1>` +
            `<p class="label">${escapeHtml(t('sandboxPay.amount'))}</p><p class="amount">${amount}</p>` +
            `<p class="detail">${escapeHtml(t('sandboxPay.order', { id: payment.orderId }))}</p>` +
            `<form method="post" action="${action('pay')}"><button class="button primary" type="submit">${escapeHtml(t('sandboxPay.pay', { amount }))}</button></form>` +
            `<form method="post" action="${action('cancel')}"><button class="button secondary" type="submit">${escapeHtml(t('sandboxPay.cancel'))}</button></form>` +
            `<a class="button quiet" href="${SANDBOX_RETURN_PATH}">${escapeHtml(t('sandboxPay.back'))}</a>`,
        );
      },
    );

    scope.post<{ Params: { id: string; action: string }; Querystring: LinkQuery }>(
      '/sandbox/pay/:id/:action',
      pageOptions,
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const { id, action } = request.params;
        const language = pageLanguage(request.query.lang, request.headers['accept-language']);
        const t = translator(language);
        if (!linkIsGood(id, request.query)) return reply.code(403).send(linkRefused(language));
        const payment = await payments.findForCheckout(id);
        if (!payment || (action !== 'pay' && action !== 'cancel')) {
          return reply.code(404).send(notFoundPage(language));
        }
        if (payment.status !== 'pending') {
          return endPage(
            language,
            t(payment.status === 'paid' ? 'sandboxPay.paid' : 'sandboxPay.closed'),
            t('sandboxPay.doneHint'),
          );
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
          return reply.code(502).send(endPage(language, t('sandboxPay.title'), t('sandboxPay.refused')));
        }
        return endPage(
          language,
          t(action === 'pay' ? 'sandboxPay.paid' : 'sandboxPay.cancelled'),
          t('sandboxPay.doneHint'),
        );
      },
    );
    done();
  });
}
