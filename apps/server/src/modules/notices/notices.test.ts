import { CODES, getHome, getNotice, listNotices } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp, api } from '../../../test/harness.js';

const t = useTestApp();

const HOSTILE =
  '<p onclick="steal()">Hello <strong>walkers</strong></p><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><img src="https://example.com/a.png" onload="x()">' +
  '<a href="javascript:alert(3)">bad</a><a href="https://example.com" target="_blank">good</a>' +
  '<iframe src="https://evil.example"></iframe><h3 style="color:red">Title</h3>' +
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">';

describe('notices', () => {
  it('stores and answers a notice with a script or an event handler inert', async () => {
    const { token } = await registerUser(t);
    const published = await t.app.services.admin.notices.publish('editor', { title: 'Rich', body: HOSTILE });
    expect(published.body).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe|style=/i);
    // A row written before the rule (or by hand) is cleaned again on read.
    await t.db.updateTable('notices').set({ body: HOSTILE }).where('id', '=', published.id).execute();
    const answer = await api(t, getNotice, { token, query: { id: published.id } });
    expect(answer.code).toBe(CODES.OK);
    expect(answer.data.body).toBe(
      '<p>Hello <strong>walkers</strong></p><img src="https://example.com/a.png" /><a rel="noopener noreferrer">bad</a>' +
        '<a href="https://example.com" rel="noopener noreferrer">good</a><h3>Title</h3>',
    );
  });

  it('lists published notices newest first, paged, and fills home with the latest 3', async () => {
    const { token } = await registerUser(t);
    const titles = ['One', 'Two', 'Three', 'Four'];
    for (const title of titles) {
      t.clock.advance(60_000);
      await t.app.services.admin.notices.publish('editor', { title, body: `<p>${title}</p>` });
    }
    const hidden = await t.app.services.admin.notices.publish('editor', { title: 'Hidden', body: '<p>x</p>' });
    await t.app.services.admin.notices.unpublish('editor', hidden.id);
    const page = await api(t, listNotices, {
      token,
      query: { pageSize: '2' },
    });
    expect(page.data.items.map((n) => n.title)).toEqual(['Four', 'Three']);
    expect(page.data.hasMore).toBe(true);
    const home = await api(t, getHome, { token });
    expect(home.data.notices.map((n) => n.title)).toEqual(['Four', 'Three', 'Two']);
    const gone = await api(t, getNotice, { token, query: { id: hidden.id } });
    expect(gone.code).toBe(CODES.NOT_FOUND);
  });
});
