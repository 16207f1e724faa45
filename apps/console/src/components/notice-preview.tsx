import { useCallback, useRef, useState } from 'react';

/*
 * A notice as the users' app shows it (apps/web, features/notices/notice-document.ts): the
 * server's sanitized HTML in a sandboxed frame without scripts, with the app's notice styles, in
 * a phone-width frame. The console never puts notice HTML into its own page.
 */
const CSP = "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'";
const STYLE =
  'html,body{margin:0;padding:0}body{font:15px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;overflow-wrap:anywhere}img{max-width:100%;height:auto}a{color:#0e6ae8}p{margin:0 0 10px}h3,h4{margin:12px 0 8px}';

function documentOf(body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    `<base target="_blank"><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

export function NoticePreview({ title, body }: { readonly title: string; readonly body: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const measure = useCallback(() => {
    const inner = frame.current?.contentDocument?.body;
    if (inner) setHeight(Math.max(48, Math.ceil(inner.getBoundingClientRect().height) + 8));
  }, []);
  return (
    <div className="notice-preview" data-testid="notice-preview">
      <h3 className="notice-preview__title">{title}</h3>
      <iframe
        ref={frame}
        className="notice-preview__frame"
        title={title}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        srcDoc={documentOf(body)}
        style={{ height }}
        onLoad={measure}
      />
    </div>
  );
}
