import {
  CODES,
  consoleCreateNotice,
  consoleNoticePreview,
  consoleNotices,
  consoleSetNoticePublished,
  consoleUpdateNotice,
  getNotice,
  listNotices,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn } from '../../../test/console.js';
import { api, registerUser, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

const PASTED =
  '<p>Walk <strong>more</strong></p><ul><li>one</li><li>two</li></ul>' +
  '<script>alert(1)</script><p onclick="steal()">click</p><a href="javascript:alert(2)">x</a>';
const CLEAN =
  '<p>Walk <strong>more</strong></p><ul><li>one</li><li>two</li></ul><p>click</p><a rel="noopener noreferrer">x</a>';

describe('notices in the console', () => {
  it('previews and saves a draft sanitized, publishes it to users, and records before and after', async () => {
    const editor = await signIn(t, ['editor']);
    const { token } = await registerUser(t);

    const preview = await consoleApi(t, editor, consoleNoticePreview, { body: { body: PASTED } });
    expect(preview.data.body).toBe(CLEAN);

    const created = await consoleApi(t, editor, consoleCreateNotice, { body: { title: ' Spring ', body: PASTED } });
    expect(created.data).toMatchObject({ title: 'Spring', body: CLEAN, published: false, version: 1 });
    // A draft is nobody's to read.
    expect((await api(t, getNotice, { token, query: { id: created.data.id } })).code).toBe(CODES.NOT_FOUND);

    const published = await consoleApi(t, editor, consoleSetNoticePublished, {
      params: { id: created.data.id },
      body: { published: true, version: 1 },
    });
    expect(published.data).toMatchObject({ published: true, version: 2 });
    const read = await api(t, getNotice, { token, query: { id: created.data.id } });
    expect(read.data.body).toBe(CLEAN);
    expect(read.data.body).not.toMatch(/script|onclick|javascript:/);
    expect((await api(t, listNotices, { token, query: {} })).data.items.map((n) => n.id)).toContain(created.data.id);

    const record = await lastConsoleRecord(t, editor, 'notice.publish', { type: 'notice', id: created.data.id });
    expect(JSON.parse(String(record?.before))).toMatchObject({ published: false, version: 1 });
    expect(JSON.parse(String(record?.after))).toMatchObject({ published: true, version: 2 });

    const list = await consoleApi(t, editor, consoleNotices);
    expect(list.data.find((n) => n.id === created.data.id)).toMatchObject({ published: true, version: 2 });
  });

  it('refuses a stale edit with 1017 and changes nothing', async () => {
    const [first, second] = [await signIn(t, ['editor']), await signIn(t, ['editor'])];
    const created = await consoleApi(t, first, consoleCreateNotice, { body: { title: 'Hours', body: '<p>9-5</p>' } });
    const id = created.data.id;
    const edited = await consoleApi(t, first, consoleUpdateNotice, {
      params: { id },
      body: { title: 'Hours', body: '<p>8-6</p>', version: 1 },
    });
    expect(edited.data).toMatchObject({ body: '<p>8-6</p>', version: 2 });
    const before = (await t.app.services.audit.list(1000)).length;

    const stale = await consoleApi(t, second, consoleUpdateNotice, {
      params: { id },
      body: { title: 'Hours', body: '<p>10-4</p>', version: 1 },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    const stalePublish = await consoleApi(t, second, consoleSetNoticePublished, {
      params: { id },
      body: { published: true, version: 1 },
    });
    expect(stalePublish.code).toBe(CODES.STALE_EDIT);
    const row = await t.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: '<p>8-6</p>', published_at: null });
    expect(Number(row.version)).toBe(2);
    expect((await t.app.services.audit.list(1000)).length).toBe(before);
  });

  it('lets exactly one of two simultaneous edits of the same version through', async () => {
    const [first, second] = [await signIn(t, ['editor']), await signIn(t, ['editor'])];
    const created = await consoleApi(t, first, consoleCreateNotice, { body: { title: 'Race', body: '<p>0</p>' } });
    const id = created.data.id;
    const answers = await Promise.all(
      [first, second].map((session, index) =>
        consoleApi(t, session, consoleUpdateNotice, {
          params: { id },
          body: { title: 'Race', body: `<p>${index + 1}</p>`, version: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT]);
    const row = await t.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.version)).toBe(2);
    expect(row.body).toBe(answers.find((answer) => answer.code === CODES.OK)?.data.body);
    const updates = (await t.app.services.audit.list(1000)).filter(
      (record) => record.subject_id === id && record.action === 'notice.update',
    );
    expect(updates).toHaveLength(1);
  });

  it('refuses a body that is empty once sanitized', async () => {
    const editor = await signIn(t, ['editor']);
    const answer = await consoleApi(t, editor, consoleCreateNotice, {
      body: { title: 'Empty', body: '<script>alert(1)</script>' },
    });
    expect(answer.code).toBe(CODES.BUSINESS_RULE);
  });
});
