import { useCallback, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { NOTICE_SANDBOX, noticeDocument } from '../notice-document';

/** The notice's HTML in a sandboxed frame (see notice-document.ts), as tall as its content. */
export function NoticeBody({ title, body }: { readonly title: string; readonly body: string }) {
  const { language } = useI18n();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(48);
  const measure = useCallback(() => {
    // The body, not the root: the root is at least as tall as the frame, so it never shrinks.
    const body = frame.current?.contentDocument?.body;
    if (body) setHeight(Math.max(24, Math.ceil(body.getBoundingClientRect().height)));
  }, []);
  return (
    <iframe
      ref={frame}
      className="notice-body"
      title={title}
      sandbox={NOTICE_SANDBOX}
      srcDoc={noticeDocument(body, language)}
      style={{ height }}
      onLoad={measure}
    />
  );
}
