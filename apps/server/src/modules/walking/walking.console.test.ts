import { randomUUID } from 'node:crypto';
import {
  CODES,
  consoleCreateHomeItem,
  consoleEditHomeItem,
  consoleHomeItems,
  consoleRemoveHomeItem,
  getHome,
  isHomeLinkTarget,
  type BodyOf,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn, type ConsoleSession } from '../../../test/console.js';
import { api, registerUser, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

const MEDIA = `/media/${randomUUID()}.jpg`;

function banner(overrides: Partial<BodyOf<typeof consoleCreateHomeItem>> = {}): BodyOf<typeof consoleCreateHomeItem> {
  return {
    kind: 'banner',
    title: 'Autumn walks',
    image: MEDIA,
    target: '/pages/invest/index',
    position: 1,
    active: true,
    ...overrides,
  };
}

async function create(editor: ConsoleSession, body = banner()) {
  const created = await consoleApi(t, editor, consoleCreateHomeItem, { body });
  expect(created.code, created.message).toBe(CODES.OK);
  return created.data;
}

const homeOf = async () => {
  const { token } = await registerUser(t);
  return (await api(t, getHome, { token })).data;
};

describe('link targets of home items', () => {
  it('accepts the app’s own pages and https: pages only', () => {
    for (const good of [
      '/pages/invest/index',
      '#/pages-sub/card/index',
      '/pages-sub/card/index?tab=1',
      'https://example.com/autumn',
    ]) {
      expect(isHomeLinkTarget(good), good).toBe(true);
    }
    for (const bad of [
      'http://example.com/',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/pages/nowhere/index',
      '/pages/invest/index?x="<b>',
      'https://user:pass@example.com/',
      'pages/invest/index',
      '',
    ]) {
      expect(isHomeLinkTarget(bad), bad).toBe(false);
    }
  });
});

describe('home banners and quick entries in the console', () => {
  it('creates a banner and an entry that show on home, and records them', async () => {
    const editor = await signIn(t, ['editor']);
    const made = await create(editor, banner({ title: 'Autumn walks' }));
    expect(made).toMatchObject({ kind: 'banner', version: 1, active: true });
    const entry = await create(
      editor,
      banner({ kind: 'entry', title: 'Shop', image: 'shop', target: '#/pages/shop/index', position: 9 }),
    );
    const home = await homeOf();
    expect(home.banners).toContainEqual({
      id: made.id,
      image: MEDIA,
      title: 'Autumn walks',
      url: '/pages/invest/index',
    });
    expect(home.quickEntries).toContainEqual({ id: entry.id, icon: 'shop', title: 'Shop', path: '#/pages/shop/index' });

    const listed = await consoleApi(t, editor, consoleHomeItems);
    expect(listed.data.map((row) => row.id)).toEqual(expect.arrayContaining([made.id, entry.id]));
    await lastConsoleRecord(t, editor, 'home-item.create', { type: 'home-item', id: entry.id });
  });

  it('refuses unsafe links and images, and stores nothing', async () => {
    const editor = await signIn(t, ['editor']);
    const before = (await t.app.services.audit.list(1000)).length;
    for (const target of ['javascript:alert(1)', 'http://example.com/', '/pages/nowhere/index']) {
      const refused = await consoleApi(t, editor, consoleCreateHomeItem, { body: banner({ target }) });
      expect(refused.code, target).toBe(CODES.VALIDATION_FAILED);
    }
    for (const image of ['javascript:alert(1)', 'http://example.com/x.jpg', 'card']) {
      const refused = await consoleApi(t, editor, consoleCreateHomeItem, { body: banner({ image }) });
      expect(refused.code, image).toBe(CODES.BUSINESS_RULE);
    }
    const entry = await consoleApi(t, editor, consoleCreateHomeItem, {
      body: banner({ kind: 'entry', image: 'rocket' }),
    });
    expect(entry.code).toBe(CODES.BUSINESS_RULE);
    expect((await t.app.services.audit.list(1000)).length).toBe(before);
  });

  it('edits, deactivates and removes, each recorded with before and after', async () => {
    const editor = await signIn(t, ['editor']);
    const made = await create(editor);
    const edited = await consoleApi(t, editor, consoleEditHomeItem, {
      params: { id: made.id },
      body: {
        version: 1,
        title: 'Winter walks',
        image: 'https://cdn.example.com/winter.jpg',
        target: 'https://example.com/winter',
        position: 2,
        active: true,
      },
    });
    expect(edited.data).toMatchObject({ title: 'Winter walks', version: 2 });
    expect((await homeOf()).banners).toContainEqual(
      expect.objectContaining({ id: made.id, title: 'Winter walks', url: 'https://example.com/winter' }),
    );

    const off = await consoleApi(t, editor, consoleEditHomeItem, {
      params: { id: made.id },
      body: {
        version: 2,
        title: edited.data.title,
        image: edited.data.image,
        target: edited.data.target,
        position: edited.data.position,
        active: false,
      },
    });
    expect(off.code, off.message).toBe(CODES.OK);
    expect((await homeOf()).banners.map((row) => row.id)).not.toContain(made.id);
    const [deactivated] = await t.app.services.audit.list(1);
    expect(deactivated).toMatchObject({ action: 'home-item.deactivate', subject_id: made.id });
    expect(JSON.parse(deactivated?.before ?? '{}')).toMatchObject({ active: true, title: 'Winter walks' });
    expect(JSON.parse(deactivated?.after ?? '{}')).toMatchObject({ active: false, version: 3 });

    const removed = await consoleApi(t, editor, consoleRemoveHomeItem, {
      params: { id: made.id },
      body: { version: 3 },
    });
    expect(removed.code).toBe(CODES.OK);
    expect((await consoleApi(t, editor, consoleHomeItems)).data.map((row) => row.id)).not.toContain(made.id);
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'home-item.remove', subject_id: made.id, after: null });
  });

  it('refuses stale edits and removals with 1017, changing nothing', async () => {
    const editor = await signIn(t, ['editor']);
    const other = await signIn(t, ['editor']);
    const made = await create(editor);
    const body = { title: 'Mine', image: MEDIA, target: '/pages/my/index', position: 1, active: true };
    expect(
      (await consoleApi(t, editor, consoleEditHomeItem, { params: { id: made.id }, body: { ...body, version: 1 } }))
        .code,
    ).toBe(CODES.OK);
    const records = (await t.app.services.audit.list(1000)).length;
    const stale = await consoleApi(t, other, consoleEditHomeItem, {
      params: { id: made.id },
      body: { ...body, title: 'Theirs', version: 1 },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect(
      (await consoleApi(t, other, consoleRemoveHomeItem, { params: { id: made.id }, body: { version: 1 } })).code,
    ).toBe(CODES.STALE_EDIT);
    expect(
      (await consoleApi(t, other, consoleRemoveHomeItem, { params: { id: randomUUID() }, body: { version: 1 } })).code,
    ).toBe(CODES.NOT_FOUND);
    expect((await t.app.services.audit.list(1000)).length).toBe(records);
    const row = (await consoleApi(t, editor, consoleHomeItems)).data.find((item) => item.id === made.id);
    expect(row).toMatchObject({ title: 'Mine', version: 2 });
  });
});
