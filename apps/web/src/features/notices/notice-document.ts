/**
 * The second, client-side guard for a notice body. The server already sanitizes it (decision
 * 012 "Points shop, orders, addresses, mailing, invites, notices"), but the app does not trust that alone: the body is
 * never put into the app's own DOM (no dangerouslySetInnerHTML). It becomes the `srcdoc` of an iframe whose sandbox has
 * no `allow-scripts`, so no script, inline handler (`onerror`, `onclick`) or `javascript:` URL in it
 * can run whatever the markup holds, and a Content-Security-Policy in the document refuses
 * scripts, frames, forms and fonts as a second lock. `allow-same-origin` is kept only so the app
 * can read the document's height to size the frame; without `allow-scripts` that grants the
 * content nothing. Links open in a new tab (`allow-popups`), outside the sandbox.
 */
export const NOTICE_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export const NOTICE_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'";

const STYLE =
  'html,body{margin:0;padding:0}body{font:15px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;overflow-wrap:anywhere}img{max-width:100%;height:auto}a{color:#0e6ae8}p{margin:0 0 10px}h3,h4{margin:12px 0 8px}';

export function noticeDocument(body: string, language: string): string {
  return (
    `<!doctype html><html lang="${language.replace(/[^A-Za-z-]/g, '')}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${NOTICE_CSP}">` +
    `<base target="_blank"><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}
