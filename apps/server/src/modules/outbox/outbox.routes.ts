import type { FastifyInstance } from 'fastify';
import { isoTime } from '../../lib/clock.js';
import type { OutboxSender } from './outbox.service.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * Demo mode only: the outbox's messages with their status (pending, sent, failed), newest first.
 * The page has no login, so it lists only messages to `recipient` (the demo account), and sign-up
 * codes, which go only to numbers without an account (so a person trying the demo can sign up);
 * a reset code for any other account would let whoever opens it take that account over.
 * `recipient: null` lists every message (DEMO_OUTBOX_ALL=true, local testing only).
 */
export function registerDemoOutboxRoutes(
  app: FastifyInstance,
  outbox: OutboxSender,
  options: { recipient: string | null },
): void {
  const { recipient } = options;
  const scope =
    recipient === null
      ? 'All messages are shown (DEMO_OUTBOX_ALL=true): anyone who opens this page can reset any password.'
      : `Only messages to the demo account (${escapeHtml(recipient)}) and sign-up codes are shown.`;
  app.get('/demo/outbox', async (_request, reply) => {
    const messages = await outbox.latest(50, recipient ?? undefined, 'register');
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(isoTime(m.createdAt))}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.body)}</td><td>${m.status}</td></tr>`,
      )
      .join('');
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stride demo outbox</title><style>body{font:14px system-ui,sans-serif;margin:16px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left;vertical-align:top}.demo{background:#fef3c7;padding:8px 12px;border-radius:6px}</style></head><body><h1>Outbox</h1><p class="demo">Demo mode: the messages the service sends by SMS (with no SMS provider configured, this outbox is where they end: sent). This page does not exist in production. ${scope}</p><table><thead><tr><th>Time (UTC)</th><th>To</th><th>Message</th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`;
  });
}
