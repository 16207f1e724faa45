import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_SANDBOX, noticeDocument } from '../notice-document';
import { NoticeBody } from './notice-body';

declare global {
  interface Window {
    pwned?: number;
  }
}

const HOSTILE =
  '<p>Hello</p><script>window.parent.pwned = 1</script><img src="x" onerror="window.parent.pwned = 2">' +
  '<a href="javascript:window.parent.pwned=3">link</a>';

afterEach(() => {
  delete window.pwned;
});

describe('notice rendering guard', () => {
  it('keeps the body out of the app document, in a frame that cannot run scripts', () => {
    render(<NoticeBody title="Maintenance" body={HOSTILE} />);
    const frame = screen.getByTitle('Maintenance');
    expect(frame.tagName).toBe('IFRAME');
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox.split(' ')).not.toContain('allow-scripts');
    expect(sandbox).toBe(NOTICE_SANDBOX);
    expect(frame.getAttribute('srcdoc')).toContain(HOSTILE);
    // Nothing of the body reached the app's own DOM.
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(document.body.textContent).not.toContain('Hello');
    expect(window.pwned).toBeUndefined();
  });

  it('adds a policy that refuses every script, frame and form', () => {
    const html = noticeDocument('<p>x</p>', 'en');
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    expect(html).toContain('<base target="_blank">');
  });

  it('never gives the frame both scripts and its origin', () => {
    expect(NOTICE_SANDBOX.includes('allow-scripts')).toBe(false);
  });
});
