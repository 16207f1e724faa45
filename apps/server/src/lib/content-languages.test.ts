import {
  CODES,
  buyCard,
  consoleCardPlans,
  consoleChannels,
  consoleCreateCardPlan,
  consoleCreateChannel,
  consoleCreateHomeItem,
  consoleCreateNotice,
  consoleEditCardPlan,
  consoleEditHomeItem,
  consoleHomeItems,
  consoleNotices,
  consoleSetNoticePublished,
  consoleShopCategories,
  consoleShopCategoryCreate,
  consoleShopGoods,
  consoleShopGoodsCreate,
  consoleShopGoodsUpdate,
  consoleUpdateChannel,
  consoleUpdateNotice,
  getHome,
  getNotice,
  listCardPlans,
  listCommunityChannels,
  listGoods,
  listMembershipOrders,
  listMyCards,
  listNotices,
  listOrders,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../test/console.js';
import {
  api,
  fundUser,
  idempotencyKey,
  raw,
  registerUser,
  useTestApp,
  verifyUser,
  PAYMENT_PASSWORD,
} from '../../test/harness.js';

const t = useTestApp();

const PLAN_TERMS = {
  name: 'Bronze',
  price: 9_900,
  days: 30,
  dailyTarget: 6_000,
  dailyCashBack: 300,
  multiplierPercent: 120,
  position: 0,
};

/** Everything an operator writes, in English with Spanish and Simplified Chinese; no French, no Traditional. */
async function seedContent() {
  const finance = await signIn(t, ['finance']);
  const merchant = await signIn(t, ['merchant']);
  const editor = await signIn(t, ['editor']);
  const plan = await consoleApi(t, finance, consoleCreateCardPlan, {
    body: { ...PLAN_TERMS, translations: { es: { name: 'Bronce' }, 'zh-Hans': { name: '铜卡' } } },
  });
  const category = await consoleApi(t, merchant, consoleShopCategoryCreate, {
    body: { name: 'Walking gear', translations: { es: { name: 'Equipo' }, 'zh-Hans': { name: '步行装备' } } },
  });
  const goods = await consoleApi(t, merchant, consoleShopGoodsCreate, {
    body: {
      categoryId: category.data.id,
      name: 'Water bottle',
      description: '600 ml',
      points: 100,
      stock: 5,
      translations: {
        es: { name: 'Botella', description: '600 ml, tapón antigoteo' },
        'zh-Hans': { name: '运动水壶', description: '600 毫升' },
      },
    },
  });
  const banner = await consoleApi(t, editor, consoleCreateHomeItem, {
    body: {
      kind: 'banner',
      title: 'Walk and earn',
      image: 'https://example.com/banner.png',
      target: '/pages/invest/index',
      position: 0,
      active: true,
      translations: { es: { title: 'Camina y gana' }, 'zh-Hans': { title: '走路赚返现' } },
    },
  });
  const entry = await consoleApi(t, editor, consoleCreateHomeItem, {
    body: {
      kind: 'entry',
      title: 'Member cards',
      image: 'card',
      target: '/pages/invest/index',
      position: 0,
      active: true,
      translations: { es: { title: 'Tarjetas' }, 'zh-Hans': { title: '会员卡' } },
    },
  });
  const notice = await consoleApi(t, editor, consoleCreateNotice, {
    body: {
      title: 'Welcome',
      body: '<p>Walk every day.</p>',
      translations: {
        es: { title: 'Bienvenida', body: '<p>Camina cada día.</p><script>alert(1)</script>' },
        'zh-Hans': { title: '欢迎', body: '<p>每天走一走。</p>' },
      },
    },
  });
  await consoleApi(t, editor, consoleSetNoticePublished, {
    params: { id: notice.data.id },
    body: { published: true, version: notice.data.version },
  });
  const channel = await consoleApi(t, editor, consoleCreateChannel, {
    body: {
      name: 'Walkers group',
      description: 'Share routes',
      url: 'https://example.com/walkers',
      qrImage: null,
      position: 0,
      active: true,
      translations: { es: { name: 'Grupo de caminantes' }, 'zh-Hans': { name: '健走群', description: '分享路线' } },
    },
  });
  for (const answer of [plan, category, goods, banner, entry, notice, channel]) expect(answer.code).toBe(1);
  return { finance, merchant, editor, plan, category, goods, banner, entry, notice, channel };
}

type Content = Awaited<ReturnType<typeof seedContent>>;

/** What a user sees of the operator's content in one language. */
async function seen(content: Content, token: string, language: string) {
  const { plan, category, goods, banner, entry, notice, channel } = content;
  const [plans, shop, home, notices, channels] = await Promise.all([
    api(t, listCardPlans, { token, language }),
    api(t, listGoods, { token, language, query: { page: 1, pageSize: 50, categoryId: category.data.id } }),
    api(t, getHome, { token, language }),
    api(t, listNotices, { token, language, query: { page: 1, pageSize: 50 } }),
    api(t, listCommunityChannels, { language }),
  ]);
  const one = await api(t, getNotice, { token, language, query: { id: notice.data.id } });
  const find = <T extends { id: string }>(list: T[], id: string) => list.find((item) => item.id === id);
  const item = find(shop.data.items, goods.data.id);
  const channelSeen = find(channels.data, channel.data.id);
  return {
    plan: find(plans.data, plan.data.id)?.name,
    category: find(shop.data.categories, category.data.id)?.name,
    goods: item?.name,
    description: item?.description,
    banner: find(home.data.banners, banner.data.id)?.title,
    entry: find(home.data.quickEntries, entry.data.id)?.title,
    homeNotice: find(home.data.notices, notice.data.id)?.title,
    notice: find(notices.data.items, notice.data.id)?.title,
    noticeBody: one.data.body,
    channel: channelSeen?.name,
    channelDescription: channelSeen?.description,
  };
}

describe('content in the user’s language (decision 042)', () => {
  it('answers every content text in the request’s language, with the fallback order, keeping the answer’s shape', async () => {
    const content = await seedContent();
    const { token } = await registerUser(t);

    expect(await seen(content, token, 'en')).toEqual({
      plan: 'Bronze',
      category: 'Walking gear',
      goods: 'Water bottle',
      description: '600 ml',
      banner: 'Walk and earn',
      entry: 'Member cards',
      homeNotice: 'Welcome',
      notice: 'Welcome',
      noticeBody: '<p>Walk every day.</p>',
      channel: 'Walkers group',
      channelDescription: 'Share routes',
    });
    const zhHans = {
      plan: '铜卡',
      category: '步行装备',
      goods: '运动水壶',
      description: '600 毫升',
      banner: '走路赚返现',
      entry: '会员卡',
      homeNotice: '欢迎',
      notice: '欢迎',
      noticeBody: '<p>每天走一走。</p>',
      channel: '健走群',
      channelDescription: '分享路线',
    };
    expect(await seen(content, token, 'zh-CN,zh;q=0.9,en;q=0.8')).toEqual(zhHans);
    // No Traditional text: its sibling, Simplified, before the default language.
    expect(await seen(content, token, 'zh-TW')).toEqual(zhHans);
    // Spanish: a field without a Spanish text (the channel's description) falls back on its own.
    expect(await seen(content, token, 'es-ES')).toEqual({
      plan: 'Bronce',
      category: 'Equipo',
      goods: 'Botella',
      description: '600 ml, tapón antigoteo',
      banner: 'Camina y gana',
      entry: 'Tarjetas',
      homeNotice: 'Bienvenida',
      notice: 'Bienvenida',
      // Sanitized on save as the default body is.
      noticeBody: '<p>Camina cada día.</p>',
      channel: 'Grupo de caminantes',
      channelDescription: 'Share routes',
    });
    // No French at all: the default language.
    expect(await seen(content, token, 'fr')).toEqual(await seen(content, token, 'en'));
  });

  it('names a bought card, its order and the order list in the user’s language', async () => {
    const { plan } = await seedContent();
    const { token, userId } = await registerUser(t);
    await verifyUser(t, userId);
    await fundUser(t, userId, 20_000);
    const bought = await api(t, buyCard, {
      token,
      language: 'zh-Hans',
      body: {
        planId: plan.data.id,
        payWith: 'balance',
        idempotencyKey: idempotencyKey(),
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(bought.data.planName).toBe('铜卡');
    const [cards, orders, all] = await Promise.all([
      api(t, listMyCards, { token, language: 'zh-Hant' }),
      api(t, listMembershipOrders, { token, language: 'es', query: { page: 1, pageSize: 10 } }),
      api(t, listOrders, { token, language: 'en', query: { page: 1, pageSize: 10 } }),
    ]);
    expect(cards.data[0]?.plan.name).toBe('铜卡');
    expect(orders.data.items[0]?.planName).toBe('Bronce');
    expect(all.data.items[0]?.title).toBe('Bronze');
    const zhAll = await api(t, listOrders, { token, language: 'zh-Hans', query: { page: 1, pageSize: 10 } });
    expect(zhAll.data.items[0]?.title).toBe('铜卡');
  });

  it('saves and reads back the translations in the console, and keeps them on an edit that sends none', async () => {
    const { finance, merchant, editor, plan, category, goods, entry, notice, channel } = await seedContent();

    const plans = await consoleApi(t, finance, consoleCardPlans, { query: { status: 'onSale' } });
    expect(plans.data.find((row) => row.id === plan.data.id)).toMatchObject({
      defaultLanguage: 'en',
      translations: { es: { name: 'Bronce' }, 'zh-Hans': { name: '铜卡' } },
    });
    // A plan edit makes a new version: it keeps the languages unless the edit sends them.
    const renamed = await consoleApi(t, finance, consoleEditCardPlan, {
      params: { id: plan.data.id },
      body: { version: 1, terms: { ...PLAN_TERMS, price: 9_500 } },
    });
    expect(renamed.data).toMatchObject({ version: 2, translations: { 'zh-Hans': { name: '铜卡' } } });
    const french = await consoleApi(t, finance, consoleEditCardPlan, {
      params: { id: renamed.data.id },
      body: { version: 2, terms: { ...PLAN_TERMS, translations: { fr: { name: ' Bronze ' }, es: { name: '' } } } },
    });
    expect(french.data.translations).toEqual({ fr: { name: 'Bronze' } });

    const listed = await consoleApi(t, merchant, consoleShopGoods, {
      query: { page: 1, pageSize: 10, categoryId: category.data.id },
    });
    expect(listed.data.items[0]).toMatchObject({
      name: 'Water bottle',
      defaultLanguage: 'en',
      translations: { es: { name: 'Botella' }, 'zh-Hans': { name: '运动水壶', description: '600 毫升' } },
    });
    const categories = await consoleApi(t, merchant, consoleShopCategories);
    expect(categories.data.find((row) => row.id === category.data.id)?.translations).toEqual({
      es: { name: 'Equipo' },
      'zh-Hans': { name: '步行装备' },
    });
    // Changing only the stock keeps every language.
    const restocked = await consoleApi(t, merchant, consoleShopGoodsUpdate, {
      params: { id: goods.data.id },
      body: { version: goods.data.version, stock: 9 },
    });
    expect(restocked.data).toMatchObject({ stock: 9, translations: { 'zh-Hans': { name: '运动水壶' } } });
    // Written in Chinese first: the default language changes, and English becomes a translation.
    const chineseFirst = await consoleApi(t, merchant, consoleShopGoodsUpdate, {
      params: { id: goods.data.id },
      body: {
        version: restocked.data.version,
        name: '运动水壶',
        description: '600 毫升',
        defaultLanguage: 'zh-Hans',
        translations: { en: { name: 'Water bottle' }, 'zh-Hans': { name: 'dropped: the default is in name' } },
      },
    });
    expect(chineseFirst.data).toMatchObject({
      name: '运动水壶',
      defaultLanguage: 'zh-Hans',
      translations: { en: { name: 'Water bottle' } },
    });
    const { token } = await registerUser(t);
    const query = { page: 1, pageSize: 10, categoryId: category.data.id };
    const inFrench = await api(t, listGoods, { token, language: 'fr', query });
    // French falls back to the default language, now Chinese; the English description is gone, so Chinese too.
    expect(inFrench.data.items[0]).toMatchObject({ name: '运动水壶', description: '600 毫升' });
    expect((await api(t, listGoods, { token, language: 'en', query })).data.items[0]?.name).toBe('Water bottle');

    const homeItems = await consoleApi(t, editor, consoleHomeItems);
    expect(homeItems.data.find((item) => item.id === entry.data.id)?.translations).toEqual({
      es: { title: 'Tarjetas' },
      'zh-Hans': { title: '会员卡' },
    });
    const notices = await consoleApi(t, editor, consoleNotices);
    expect(notices.data.find((row) => row.id === notice.data.id)?.translations.es).toEqual({
      title: 'Bienvenida',
      body: '<p>Camina cada día.</p>',
    });
    const channels = await consoleApi(t, editor, consoleChannels);
    expect(channels.data.find((row) => row.id === channel.data.id)?.translations).toEqual({
      es: { name: 'Grupo de caminantes' },
      'zh-Hans': { name: '健走群', description: '分享路线' },
    });
  });

  it('still refuses a stale edit with its translations, and changes nothing', async () => {
    const { editor, entry, notice, channel } = await seedContent();
    const moved = await consoleApi(t, editor, consoleEditHomeItem, {
      params: { id: entry.data.id },
      body: {
        title: 'Cards',
        image: 'card',
        target: '/pages/invest/index',
        position: 0,
        active: true,
        version: 1,
        translations: { 'zh-Hant': { title: '會員卡' } },
      },
    });
    expect(moved.data).toMatchObject({ version: 2, translations: { 'zh-Hant': { title: '會員卡' } } });
    const stale = await consoleApi(t, editor, consoleEditHomeItem, {
      params: { id: entry.data.id },
      body: {
        title: 'Stale',
        image: 'card',
        target: '/pages/invest/index',
        position: 0,
        active: true,
        version: 1,
        translations: { es: { title: 'Viejo' } },
      },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    const staleNotice = await consoleApi(t, editor, consoleUpdateNotice, {
      params: { id: notice.data.id },
      body: { title: 'Old', body: '<p>Old</p>', version: 1, translations: { es: { title: 'Viejo' } } },
    });
    expect(staleNotice.code).toBe(CODES.STALE_EDIT);
    const staleChannel = await consoleApi(t, editor, consoleUpdateChannel, {
      params: { id: channel.data.id },
      body: {
        name: 'Old',
        description: '',
        url: 'https://example.com/walkers',
        qrImage: null,
        position: 0,
        active: true,
        version: 7,
        translations: {},
      },
    });
    expect(staleChannel.code).toBe(CODES.STALE_EDIT);

    const items = await consoleApi(t, editor, consoleHomeItems);
    expect(items.data.find((item) => item.id === entry.data.id)).toMatchObject({
      title: 'Cards',
      translations: { 'zh-Hant': { title: '會員卡' } },
    });
    const { token } = await registerUser(t);
    const titleIn = async (language: string) =>
      (await api(t, getHome, { token, language })).data.quickEntries.find((item) => item.id === entry.data.id)?.title;
    expect(await titleIn('zh-HK')).toBe('會員卡');
    // Simplified falls back on its sibling, Traditional, before English.
    expect(await titleIn('zh-Hans')).toBe('會員卡');
    // The edit sent only Traditional: Spanish is gone, so Spanish reads the default language.
    expect(await titleIn('es')).toBe('Cards');
  });

  it('refuses a language the product does not have, or a text too long, in the user’s language', async () => {
    const editor = await signIn(t, ['editor']);
    const before = {
      notices: (await consoleApi(t, editor, consoleNotices)).data,
      items: (await consoleApi(t, editor, consoleHomeItems)).data,
    };
    const unknown = await consoleApi(t, editor, consoleCreateNotice, {
      language: 'fr',
      body: raw({ title: 'Hi', body: '<p>Hi</p>', translations: { de: { title: 'Hallo' } } }),
    });
    expect(unknown.status).toBe(200);
    expect(unknown.code).toBe(CODES.VALIDATION_FAILED);
    expect(unknown.message).toMatch(/translations/);
    const long = await consoleApi(t, editor, consoleCreateHomeItem, {
      body: {
        kind: 'entry',
        title: 'Cards',
        image: 'card',
        target: '/pages/invest/index',
        position: 0,
        active: true,
        translations: { es: { title: 'x'.repeat(141) } },
      },
    });
    expect(long.code).toBe(CODES.VALIDATION_FAILED);
    expect((await consoleApi(t, editor, consoleNotices)).data).toEqual(before.notices);
    expect((await consoleApi(t, editor, consoleHomeItems)).data).toEqual(before.items);
  });

  it('shows a banner’s picture in the user’s language, and its own picture where a language has none', async () => {
    const editor = await signIn(t, ['editor']);
    const fields = { target: '/pages/invest/index', position: 0, active: true };
    const banner = await consoleApi(t, editor, consoleCreateHomeItem, {
      body: {
        ...fields,
        kind: 'banner',
        title: 'Walk and earn',
        image: 'https://example.com/en.png',
        translations: {
          'zh-Hans': { title: '走路赚返现', image: ' https://example.com/zh-hans.png ' },
          fr: { title: 'Marchez, gagnez' },
        },
      },
    });
    expect(banner.code).toBe(1);
    expect(banner.data.translations).toEqual({
      'zh-Hans': { title: '走路赚返现', image: 'https://example.com/zh-hans.png' },
      fr: { title: 'Marchez, gagnez' },
    });
    const { token } = await registerUser(t);
    const shown = async (language: string) =>
      (await api(t, getHome, { token, language })).data.banners.find((item) => item.id === banner.data.id);
    expect(await shown('zh-Hans')).toMatchObject({ title: '走路赚返现', image: 'https://example.com/zh-hans.png' });
    // Traditional Chinese has no picture of its own: the Simplified one stands in, as for texts.
    expect((await shown('zh-Hant'))?.image).toBe('https://example.com/zh-hans.png');
    // French has a title but no picture, Spanish nothing: the banner's own picture.
    expect(await shown('fr')).toMatchObject({ title: 'Marchez, gagnez', image: 'https://example.com/en.png' });
    expect((await shown('es'))?.image).toBe('https://example.com/en.png');
    expect((await shown('en'))?.image).toBe('https://example.com/en.png');

    // A picture in another language is checked as the banner's own is; a quick entry has one icon.
    const before = (await consoleApi(t, editor, consoleHomeItems)).data;
    const unsafe = await consoleApi(t, editor, consoleEditHomeItem, {
      params: { id: banner.data.id },
      body: {
        ...fields,
        title: 'Walk and earn',
        image: 'https://example.com/en.png',
        version: banner.data.version,
        translations: { es: { image: 'javascript:alert(1)' } },
      },
    });
    expect(unsafe.code).toBe(CODES.BUSINESS_RULE);
    const entry = await consoleApi(t, editor, consoleCreateHomeItem, {
      body: { ...fields, kind: 'entry', title: 'Cards', image: 'card', translations: { fr: { image: 'wallet' } } },
    });
    expect(entry.code).toBe(CODES.BUSINESS_RULE);
    expect((await consoleApi(t, editor, consoleHomeItems)).data).toEqual(before);
  });
});
