import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApp, api } from '../../test/harness.js';
import {
  APP_ROUTES,
  getDownload,
  getHome,
  getIdentity,
  getNotice,
  listCardPlans,
  listCommunityChannels,
  listGoods,
  listNotices,
  login,
} from '@stride/contract';
import { DEMO_ACCOUNT, DEMO_HOME_ITEMS, DEMO_IDENTITY, seedDemo } from './demo-seed.js';

const t = useTestApp();

describe('demo seed', () => {
  it('creates the card plans, home items and a verified demo account with a welcome balance, once', async () => {
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    const session = await api(t, login, { body: DEMO_ACCOUNT });
    expect(session.data.user.realNameStatus).toBe('verified');
    const { token } = session.data;
    const identity = await api(t, getIdentity, {
      token,
    });
    expect(identity.data).toMatchObject({
      status: 'verified',
      name: DEMO_IDENTITY.name,
      idNumberMasked: '110***********002X',
    });
    const plans = await api(t, listCardPlans, { token });
    expect(plans.data.map((p) => [p.name, p.price])).toEqual([
      ['Bronze', 9_900],
      ['Silver', 29_900],
      ['Gold', 99_900],
    ]);
    expect(await balanceOf(t, session.data.user.id)).toBe(200_000);
    expect(await balanceOf(t, session.data.user.id, 'POINTS')).toBe(5_000);
    const home = await api(t, getHome, { token });
    expect(home.data.banners).toHaveLength(3);
    expect(home.data.quickEntries).toHaveLength(4);
  });

  it('seeds goods with images, notices with rich text and community channels, once, and no companion package', async () => {
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    const { token } = (await api(t, login, { body: DEMO_ACCOUNT })).data;
    const goods = await api(t, listGoods, { token });
    expect(goods.data.categories).toHaveLength(2);
    expect(goods.data.total).toBe(6);
    expect(goods.data.items.every((item) => item.images[0]?.startsWith('data:image/svg+xml'))).toBe(true);
    const notices = await api(t, listNotices, { token });
    expect(notices.data.items.map((n) => n.title)).toEqual([
      'Invite friends, walk together',
      'Points shop is open',
      'Welcome to Stride',
    ]);
    const rich = await api(t, getNotice, {
      token,
      query: { id: notices.data.items[1]!.id },
    });
    expect(rich.data.body).toContain('<ul><li>');
    const home = await api(t, getHome, { token });
    expect(home.data.notices).toHaveLength(3);
    const community = await api(t, listCommunityChannels);
    expect(community.data).toHaveLength(2);
    expect(community.data[0]!.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await api(t, getDownload)).code).toBe(1010);
  });

  it('writes every item it creates in all five languages, and adds them to a database seeded before languages', async () => {
    await seedDemo(t.app.services);
    const tables = ['card_plans', 'goods_categories', 'goods', 'home_items', 'notices', 'community_channels'] as const;
    const fieldsOf = {
      card_plans: ['name'],
      goods_categories: ['name'],
      goods: ['name', 'description'],
      home_items: ['title'],
      notices: ['title', 'body'],
      community_channels: ['name', 'description'],
    } as const;
    const allLanguages = async () => {
      for (const table of tables) {
        const rows = await t.db.selectFrom(table).select(['default_language', 'translations']).execute();
        expect(rows.length, table).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row.default_language).toBe('en');
          const translations = JSON.parse(row.translations) as Record<string, Record<string, string>>;
          expect(Object.keys(translations).sort(), table).toEqual(['es', 'fr', 'zh-Hans', 'zh-Hant']);
          for (const texts of Object.values(translations)) {
            expect(Object.keys(texts).sort(), table).toEqual([...fieldsOf[table]].sort());
          }
        }
      }
    };
    await allLanguages();
    // A demo database from before languages: English only. The next start adds the others.
    for (const table of tables) await t.db.updateTable(table).set({ translations: '{}' }).execute();
    await seedDemo(t.app.services);
    await allLanguages();

    const zh = await api(t, listCardPlans, {
      token: (await api(t, login, { body: DEMO_ACCOUNT })).data.token,
      language: 'zh-Hant',
    });
    expect(zh.data.map((plan) => plan.name)).toEqual(['銅卡', '銀卡', '金卡']);
  });

  it('links banners and quick entries to pages that exist', () => {
    const routes: readonly string[] = APP_ROUTES;
    for (const item of DEMO_HOME_ITEMS) {
      const route = item.target.replace(/^#/, '').split('?')[0] ?? '';
      expect(routes, item.title).toContain(route);
    }
  });
});
