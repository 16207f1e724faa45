import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApp, api } from '../../test/harness.js';
import {
  APP_ROUTES,
  CODES,
  getFriendBoard,
  getFriends,
  listMyClubs,
  saveFriendSettings,
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
import { DEMO_CLUB, DEMO_WALKERS } from './demo-friends.js';
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

  it('gives the demo account three walking friends who share their steps, and a verified club with them, once', async () => {
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    const { token } = (await api(t, login, { body: DEMO_ACCOUNT })).data;
    const friends = (await api(t, getFriends, { token })).data;
    expect(friends.settings.shareSteps).toBe(false);
    expect(friends.friends.map((friend) => friend.name).sort()).toEqual(DEMO_WALKERS.map((w) => w.nickname).sort());
    await api(t, saveFriendSettings, { token, body: { findableByMobile: false, shareSteps: true, showAvatar: false } });
    const board = (await api(t, getFriendBoard, { token, query: { period: 'today' } })).data;
    expect(board.entries.map((entry) => [entry.name, entry.steps])).toEqual([
      ['Ana', 11_305],
      ['林晓', 8_620],
      ['Chen Wei', 5_140],
      ['138****8000', 0],
    ]);
    const clubs = (await api(t, listMyClubs, { token })).data.clubs;
    expect(clubs).toMatchObject([{ name: DEMO_CLUB.name, members: 4, verified: true, isOwner: false }]);
    // Nobody can sign in as a walker with the demo's password.
    const walker = await api(t, login, { body: { account: DEMO_WALKERS[0].account, password: DEMO_ACCOUNT.password } });
    expect(walker.code).toBe(CODES.CREDENTIALS_INVALID);
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
        // Banners also have a picture per language (decision 084 "Content per language").
        const banners = new Set(
          table === 'home_items'
            ? (await t.db.selectFrom('home_items').select('translations').where('kind', '=', 'banner').execute()).map(
                (row) => row.translations,
              )
            : [],
        );
        for (const row of rows) {
          expect(row.default_language).toBe('en');
          const translations = JSON.parse(row.translations) as Record<string, Record<string, string>>;
          expect(Object.keys(translations).sort(), table).toEqual(['es', 'fr', 'zh-Hans', 'zh-Hant']);
          const fields = banners.has(row.translations) ? ['image', 'title'] : [...fieldsOf[table]].sort();
          for (const texts of Object.values(translations)) {
            expect(Object.keys(texts).sort(), table).toEqual(fields);
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

  it('shows each banner with its words drawn in the user’s language, also on a database seeded before', async () => {
    await seedDemo(t.app.services);
    const { token } = (await api(t, login, { body: DEMO_ACCOUNT })).data;
    const headline = (image: string) => {
      const svg = Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      return { lang: /xml:lang="([^"]+)"/.exec(svg)?.[1], words: /font-size="52"[^>]*>([^<]+)</.exec(svg)?.[1] };
    };
    const picturesIn = async (language: string) =>
      (await api(t, getHome, { token, language })).data.banners.map((banner) => {
        // An editor can save a seeded banner back unchanged: its pictures fit the image field.
        expect(banner.image.length).toBeLessThanOrEqual(2_000);
        return headline(banner.image);
      });
    const expected = {
      en: ['Walk and earn', 'Insured steps', 'Points to cash'],
      'zh-Hans': ['走路赚返现', '每一步都有保障', '积分换现金'],
      'zh-Hant': ['走路賺返現', '每一步都有保障', '積分換現金'],
      fr: ['Marchez, gagnez', 'Marchez assuré', 'Vos points en argent'],
      es: ['Camina y gana', 'Pasos asegurados', 'Puntos a dinero'],
    };
    for (const [language, words] of Object.entries(expected)) {
      expect(await picturesIn(language), language).toEqual(words.map((text) => ({ lang: language, words: text })));
    }

    // Seeded when every banner had one English picture: the next start gives the seeded ones theirs.
    const [walk, insurance] = await t.db
      .selectFrom('home_items')
      .select(['id', 'translations'])
      .where('kind', '=', 'banner')
      .orderBy('position')
      .execute();
    const titlesOnly = (stored: string) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(JSON.parse(stored) as Record<string, { title: string }>).map(([language, fields]) => [
            language,
            { title: fields.title },
          ]),
        ),
      );
    const earlier = (words: string, color: string) =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300"><rect width="750" height="300" fill="${color}"/><text x="40" y="170" font-family="sans-serif" font-size="56" fill="#fff">${words}</text></svg>`)}`;
    await t.db
      .updateTable('home_items')
      .set({ image: earlier('Walk and earn', '#1677ff'), translations: titlesOnly(walk!.translations) })
      .where('id', '=', walk!.id)
      .execute();
    // An operator's own picture is left alone.
    await t.db
      .updateTable('home_items')
      .set({ image: 'https://example.com/ours.png', translations: titlesOnly(insurance!.translations) })
      .where('id', '=', insurance!.id)
      .execute();
    await seedDemo(t.app.services);
    const zh = (await api(t, getHome, { token, language: 'zh-Hans' })).data.banners;
    expect(headline(zh[0]!.image)).toEqual({ lang: 'zh-Hans', words: '走路赚返现' });
    expect(zh[1]).toMatchObject({ image: 'https://example.com/ours.png', title: '每张会员卡都送步行保险' });
  });

  it('links banners and quick entries to pages that exist', () => {
    const routes: readonly string[] = APP_ROUTES;
    for (const item of DEMO_HOME_ITEMS) {
      const route = item.target.replace(/^#/, '').split('?')[0] ?? '';
      expect(routes, item.title).toContain(route);
    }
  });
});
