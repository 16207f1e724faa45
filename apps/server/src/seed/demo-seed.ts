import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_ROLES, type Language } from '@stride/contract';
import type { Services } from '../modules/index.js';
import { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { PasswordHasher } from '../modules/accounts/passwords.js';
import { CardsRepository } from '../modules/cards/cards.repository.js';
import { CommunityRepository } from '../modules/community/community.repository.js';
import { NoticesRepository } from '../modules/notices/notices.repository.js';
import { sanitizeNoticeHtml } from '../modules/notices/sanitize.js';
import { ShopRepository } from '../modules/shop/shop.repository.js';
import { WalkingRepository } from '../modules/walking/walking.repository.js';
import { randomInviteCode } from '../lib/secrets.js';
import sharp from 'sharp';
import { DEMO_ACCOUNT, DEMO_OPERATOR } from './demo-account.js';
import { seedDemoFriends } from './demo-friends.js';

export { DEMO_ACCOUNT, DEMO_OPERATOR } from './demo-account.js';

/** The demo account's real name (payout holder names must equal it) and a checksum-valid ID number. */
export const DEMO_IDENTITY = { name: 'Demo Walker', idNumber: '11010519491231002X' } as const;

/** The demo catalogue of docs/product/rules.md, Membership cards (price and cash back in fen, multiplier in percent). */
export const DEMO_CARD_PLANS = [
  { name: 'Bronze', price: 9_900, days: 30, daily_target: 6_000, daily_cash_back: 300, multiplier_percent: 120 },
  { name: 'Silver', price: 29_900, days: 90, daily_target: 8_000, daily_cash_back: 300, multiplier_percent: 150 },
  { name: 'Gold', price: 99_900, days: 365, daily_target: 10_000, daily_cash_back: 250, multiplier_percent: 200 },
] as const;

/**
 * The demo content in the other four languages (decision 042 "Content in every language"): English is every item's
 * default language, in the item's own fields; these are keyed by that English text.
 */
type Texts = Record<Exclude<Language, 'en'>, string>;

const PLAN_NAMES: Record<string, Texts> = {
  Bronze: { es: 'Bronce', fr: 'Bronze', 'zh-Hans': '铜卡', 'zh-Hant': '銅卡' },
  Silver: { es: 'Plata', fr: 'Argent', 'zh-Hans': '银卡', 'zh-Hant': '銀卡' },
  Gold: { es: 'Oro', fr: 'Or', 'zh-Hans': '金卡', 'zh-Hant': '金卡' },
};

const HOME_TITLES: Record<string, Texts> = {
  'Walk 6,000 steps, earn cash back': {
    es: 'Camina 6000 pasos y gana reembolsos',
    fr: 'Marchez 6 000 pas, soyez remboursé chaque jour',
    'zh-Hans': '每天走满 6000 步，赚取返现',
    'zh-Hant': '每天走滿 6000 步，賺取返現',
  },
  'Free walking insurance with every card': {
    es: 'Seguro de caminata gratis con cada tarjeta',
    fr: 'Une assurance marche offerte avec chaque carte',
    'zh-Hans': '每张会员卡都送步行保险',
    'zh-Hant': '每張會員卡都送步行保險',
  },
  'Turn points into cash': {
    es: 'Convierte tus puntos en dinero',
    fr: 'Transformez vos points en argent',
    'zh-Hans': '积分换现金',
    'zh-Hant': '積分換現金',
  },
  'Member cards': { es: 'Tarjetas de socio', fr: 'Cartes de membre', 'zh-Hans': '会员卡', 'zh-Hant': '會員卡' },
  'My cards': { es: 'Mis tarjetas', fr: 'Mes cartes', 'zh-Hans': '我的卡包', 'zh-Hant': '我的卡包' },
  Insurance: { es: 'Seguro', fr: 'Assurance', 'zh-Hans': '保险', 'zh-Hant': '保險' },
  Exchange: { es: 'Canje', fr: 'Échange', 'zh-Hans': '兑换', 'zh-Hant': '兌換' },
};

const CATEGORY_NAMES: Record<string, Texts> = {
  'Walking gear': {
    es: 'Equipo para caminar',
    fr: 'Équipement de marche',
    'zh-Hans': '步行装备',
    'zh-Hant': '健走裝備',
  },
  Everyday: { es: 'Día a día', fr: 'Au quotidien', 'zh-Hans': '日常好物', 'zh-Hant': '日常好物' },
};

const GOODS_TEXTS: Record<string, { name: Texts; description: Texts }> = {
  'Sports water bottle': {
    name: { es: 'Botella deportiva', fr: 'Gourde de sport', 'zh-Hans': '运动水壶', 'zh-Hant': '運動水壺' },
    description: {
      es: '600 ml, tapón antigoteo, cabe en el portabidón de la bici.',
      fr: '600 ml, bouchon étanche, se glisse dans un porte-bidon de vélo.',
      'zh-Hans': '600 毫升，防漏杯盖，可放进自行车水壶架。',
      'zh-Hant': '600 毫升，防漏杯蓋，可放進自行車水壺架。',
    },
  },
  'Reflective armband': {
    name: { es: 'Brazalete reflectante', fr: 'Brassard réfléchissant', 'zh-Hans': '反光臂带', 'zh-Hant': '反光臂帶' },
    description: {
      es: 'Para que te vean en tus paseos al anochecer. Ajustable y lavable.',
      fr: 'Restez visible pendant vos marches du soir. Réglable et lavable.',
      'zh-Hans': '傍晚散步更醒目。松紧可调，可水洗。',
      'zh-Hant': '傍晚散步更醒目。鬆緊可調，可水洗。',
    },
  },
  'Cushioned socks (3 pairs)': {
    name: {
      es: 'Calcetines acolchados (3 pares)',
      fr: 'Chaussettes rembourrées (3 paires)',
      'zh-Hans': '缓震运动袜（3 双装）',
      'zh-Hant': '緩震運動襪（3 雙裝）',
    },
    description: {
      es: 'Transpirables, con sujeción del arco, tallas 38–44.',
      fr: 'Respirantes, maintien de la voûte plantaire, pointures 38 à 44.',
      'zh-Hans': '透气，足弓支撑，适合 38–44 码。',
      'zh-Hant': '透氣，足弓支撐，適合 38–44 碼。',
    },
  },
  'Canvas tote bag': {
    name: { es: 'Bolsa de lona', fr: 'Sac cabas en toile', 'zh-Hans': '帆布托特包', 'zh-Hant': '帆布托特包' },
    description: {
      es: 'Lona de algodón resistente con el logotipo de Stride.',
      fr: 'Toile de coton robuste, avec le logo Stride.',
      'zh-Hans': '结实的纯棉帆布，印有 Stride 标志。',
      'zh-Hant': '結實的純棉帆布，印有 Stride 標誌。',
    },
  },
  'Phone running belt': {
    name: {
      es: 'Cinturón de running para el móvil',
      fr: 'Ceinture de course pour téléphone',
      'zh-Hans': '跑步手机腰包',
      'zh-Hant': '跑步手機腰包',
    },
    description: {
      es: 'Para móviles de hasta 6,9 pulgadas, con enganche para las llaves.',
      fr: 'Pour les téléphones jusqu’à 6,9 pouces, avec une attache pour les clés.',
      'zh-Hans': '可放 6.9 英寸以内的手机，附钥匙扣。',
      'zh-Hant': '可放 6.9 吋以內的手機，附鑰匙扣。',
    },
  },
  'Insulated lunch box': {
    name: { es: 'Fiambrera térmica', fr: 'Boîte à repas isotherme', 'zh-Hans': '保温饭盒', 'zh-Hant': '保溫便當盒' },
    description: {
      es: 'Mantiene la comida caliente durante cuatro horas.',
      fr: 'Garde vos plats au chaud pendant quatre heures.',
      'zh-Hans': '饭菜保温长达四小时。',
      'zh-Hant': '飯菜保溫長達四小時。',
    },
  },
};

const NOTICE_TEXTS: Record<string, { title: Texts; body: Texts }> = {
  'Welcome to Stride': {
    title: {
      es: 'Te damos la bienvenida a Stride',
      fr: 'Bienvenue sur Stride',
      'zh-Hans': '欢迎来到 Stride',
      'zh-Hant': '歡迎來到 Stride',
    },
    body: {
      es: '<p>Camina cada día, recoge tus puntos en <strong>Inicio</strong> y gástalos en la tienda de puntos.</p>',
      fr: '<p>Marchez chaque jour, récupérez vos points sur l’<strong>Accueil</strong> et dépensez-les dans la boutique de points.</p>',
      'zh-Hans': '<p>每天走一走，在<strong>首页</strong>领取积分，再到积分商城兑换好物。</p>',
      'zh-Hant': '<p>每天走一走，在<strong>首頁</strong>領取積分，再到積分商城兌換好物。</p>',
    },
  },
  'Points shop is open': {
    title: {
      es: 'Ya está abierta la tienda de puntos',
      fr: 'La boutique de points est ouverte',
      'zh-Hans': '积分商城开张啦',
      'zh-Hant': '積分商城開張囉',
    },
    body: {
      es: '<h3>Novedades en la tienda</h3><p>Canjea tus puntos por equipo para caminar:</p><ul><li>Botella deportiva</li><li>Brazalete reflectante</li><li><em>Y más cada mes</em></li></ul><p>¿Tienes dudas? <a href="mailto:support@example.com">Escríbenos</a>.</p>',
      fr: '<h3>Nouveau dans la boutique</h3><p>Échangez vos points contre de l’équipement de marche :</p><ul><li>Gourde de sport</li><li>Brassard réfléchissant</li><li><em>Et d’autres chaque mois</em></li></ul><p>Une question ? <a href="mailto:support@example.com">Écrivez-nous</a>.</p>',
      'zh-Hans':
        '<h3>商城上新</h3><p>用积分兑换步行装备：</p><ul><li>运动水壶</li><li>反光臂带</li><li><em>每月都有新品</em></li></ul><p>有疑问？<a href="mailto:support@example.com">给我们写信</a>。</p>',
      'zh-Hant':
        '<h3>商城上新</h3><p>用積分兌換健走裝備：</p><ul><li>運動水壺</li><li>反光臂帶</li><li><em>每月都有新品</em></li></ul><p>有疑問？<a href="mailto:support@example.com">寫信給我們</a>。</p>',
    },
  },
  'Invite friends, walk together': {
    title: {
      es: 'Invita a tus amigos a caminar contigo',
      fr: 'Invitez vos amis, marchez ensemble',
      'zh-Hans': '邀请好友，一起走',
      'zh-Hant': '邀請好友，一起走',
    },
    body: {
      es: '<p>La primera vez que un amigo al que invitaste camine 5000 pasos en un día, los dos recibirán 500 puntos.</p>',
      fr: '<p>La première fois qu’un ami que vous avez invité marche 5 000 pas dans la journée, vous recevez chacun 500 points.</p>',
      'zh-Hans': '<p>你邀请的好友第一次单日走满 5000 步时，你们各得 500 积分。</p>',
      'zh-Hant': '<p>你邀請的好友第一次單日走滿 5000 步時，你們各得 500 積分。</p>',
    },
  },
};

const CHANNEL_TEXTS: Record<string, { name: Texts; description: Texts }> = {
  'Stride walkers group': {
    name: {
      es: 'Grupo de caminantes de Stride',
      fr: 'Groupe des marcheurs Stride',
      'zh-Hans': 'Stride 健走交流群',
      'zh-Hant': 'Stride 健走交流群',
    },
    description: {
      es: 'Comparte rutas, pasos diarios y consejos con otros caminantes.',
      fr: 'Partagez vos itinéraires, vos pas du jour et vos conseils avec d’autres marcheurs.',
      'zh-Hans': '和其他步友分享路线、每日步数和走路心得。',
      'zh-Hant': '和其他步友分享路線、每日步數和走路心得。',
    },
  },
  'Stride announcements channel': {
    name: {
      es: 'Canal de avisos de Stride',
      fr: 'Canal des annonces Stride',
      'zh-Hans': 'Stride 官方公告频道',
      'zh-Hant': 'Stride 官方公告頻道',
    },
    description: {
      es: 'Novedades sobre las tarjetas, la tienda de puntos y los eventos.',
      fr: 'Les nouvelles des cartes, de la boutique de points et des événements.',
      'zh-Hans': '会员卡、积分商城和活动的最新消息。',
      'zh-Hant': '會員卡、積分商城和活動的最新消息。',
    },
  },
};

/** The stored `translations` of a demo item: field → its texts in the other languages. */
function demoTranslations(
  fields: Record<string, Texts | undefined>,
  clean: (text: string) => string = (t) => t,
): string {
  const result: Partial<Record<Language, Record<string, string>>> = {};
  for (const [field, texts] of Object.entries(fields)) {
    if (!texts) continue;
    for (const [language, text] of Object.entries(texts) as [Language, string][]) {
      result[language] = { ...result[language], [field]: clean(text) };
    }
  }
  return JSON.stringify(result);
}

/**
 * The demo banners' pictures: words drawn in them, so one per language (decision 084 "Content per language"), committed
 * as `seed/assets/banners/<picture>.<language>.svg`. Read from the source tree, beside the bundle too
 * (apps/server/dist runs with apps/server/src next to it).
 */
const BANNER_ASSETS = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './assets/banners/' : '../src/seed/assets/banners/', import.meta.url),
);

/** A banner picture as a data URL, short enough for an editor to save back unchanged (2,000 characters). */
export function demoBannerImage(picture: string, language: Language): string {
  const svg = readFileSync(path.join(BANNER_ASSETS, `${picture}.${language}.svg`), 'utf8')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .trim();
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** A banner's pictures in the other languages, as its `translations` keep them. */
function demoBannerImages(picture: string): Texts {
  return {
    es: demoBannerImage(picture, 'es'),
    fr: demoBannerImage(picture, 'fr'),
    'zh-Hans': demoBannerImage(picture, 'zh-Hans'),
    'zh-Hant': demoBannerImage(picture, 'zh-Hant'),
  };
}

/** A banner's picture: `picture` names its files in seed/assets/banners. */
export const DEMO_HOME_ITEMS = [
  {
    kind: 'banner',
    title: 'Walk 6,000 steps, earn cash back',
    picture: 'walk',
    target: '#/pages/invest/index',
  },
  {
    kind: 'banner',
    title: 'Free walking insurance with every card',
    picture: 'insurance',
    target: '#/pages-sub/insurance/index',
  },
  {
    kind: 'banner',
    title: 'Turn points into cash',
    picture: 'points',
    target: '#/pages-sub/asset/index',
  },
  { kind: 'entry', title: 'Member cards', picture: 'card', target: '/pages/invest/index' },
  { kind: 'entry', title: 'My cards', picture: 'wallet', target: '/pages-sub/card/index' },
  { kind: 'entry', title: 'Insurance', picture: 'shield', target: '/pages-sub/insurance/index' },
  { kind: 'entry', title: 'Exchange', picture: 'exchange', target: '/pages-sub/exchange-record/index' },
] as const;

/**
 * No words in the picture: the goods' name is shown beside it, in the user's language (decision 042 "Content in every
 * language").
 */
function goodsSvg(color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" rx="32" fill="${color}"/><circle cx="200" cy="180" r="100" fill="#ffffff" fill-opacity="0.35"/><rect x="120" y="320" width="160" height="18" rx="9" fill="#ffffff" fill-opacity="0.5"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Demo shop: points prices and stock; images are generated SVGs (no network). */
export const DEMO_GOODS = [
  {
    category: 'Walking gear',
    items: [
      {
        name: 'Sports water bottle',
        points: 1_200,
        stock: 50,
        color: '#1677ff',
        description: '600 ml, leak-proof lid, fits a bike cage.',
      },
      {
        name: 'Reflective armband',
        points: 600,
        stock: 100,
        color: '#00b578',
        description: 'Be seen on evening walks. Adjustable, washable.',
      },
      {
        name: 'Cushioned socks (3 pairs)',
        points: 1_800,
        stock: 30,
        color: '#ff8f1f',
        description: 'Breathable, arch support, sizes 38–44.',
      },
    ],
  },
  {
    category: 'Everyday',
    items: [
      {
        name: 'Canvas tote bag',
        points: 900,
        stock: 40,
        color: '#7a5af8',
        description: 'Sturdy cotton canvas with the Stride logo.',
      },
      {
        name: 'Phone running belt',
        points: 1_500,
        stock: 25,
        color: '#f04438',
        description: 'Holds a phone up to 6.9 inches, with a key clip.',
      },
      {
        name: 'Insulated lunch box',
        points: 2_400,
        stock: 10,
        color: '#0ba5ec',
        description: 'Keeps food warm for four hours.',
      },
    ],
  },
] as const;

export const DEMO_NOTICES = [
  {
    title: 'Welcome to Stride',
    body: '<p>Walk every day, collect your points on <strong>Home</strong>, and spend them in the points shop.</p>',
  },
  {
    title: 'Points shop is open',
    body: '<h3>New in the shop</h3><p>Exchange your points for walking gear:</p><ul><li>Sports water bottle</li><li>Reflective armband</li><li><em>More every month</em></li></ul><p>Questions? <a href="mailto:support@example.com">Write to us</a>.</p>',
  },
  {
    title: 'Invite friends, walk together',
    body: '<p>When a friend you invited first walks 5,000 steps in a day, you both get 500 points.</p>',
  },
] as const;

export const DEMO_COMMUNITY = [
  {
    name: 'Stride walkers group',
    description: 'Share routes, daily step counts and tips with other walkers.',
    url: 'https://example.com/stride/walkers',
  },
  {
    name: 'Stride announcements channel',
    description: 'News about cards, the points shop and events.',
    url: 'https://example.com/stride/news',
  },
] as const;

/** The English-only pictures the demo banners had before they had one per language. */
const EARLIER_BANNER_WORDS: Record<string, [words: string, color: string]> = {
  walk: ['Walk and earn', '#1677ff'],
  insurance: ['Insured steps', '#00b578'],
  points: ['Points to cash', '#ff8f1f'],
};

function earlierBannerImage(picture: string): string | undefined {
  const earlier = EARLIER_BANNER_WORDS[picture];
  if (!earlier) return undefined;
  const [words, color] = earlier;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300"><rect width="750" height="300" fill="${color}"/><text x="40" y="170" font-family="sans-serif" font-size="56" fill="#fff">${words}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * A demo database seeded before banners had a picture per language (decision 084 "Content per language"), or before
 * content had languages at all: the demo banners still as seeded (a seeded picture, the seeded
 * titles or none) get a picture per language. A banner an operator changed is left as it is.
 */
async function addDemoBannerPictures(services: Services): Promise<void> {
  for (const item of DEMO_HOME_ITEMS) {
    const earlier = item.kind === 'banner' ? earlierBannerImage(item.picture) : undefined;
    if (!earlier) continue;
    await services.db
      .updateTable('home_items')
      .set({
        image: demoBannerImage(item.picture, 'en'),
        translations: demoTranslations({ title: HOME_TITLES[item.title], image: demoBannerImages(item.picture) }),
      })
      .where('kind', '=', 'banner')
      .where('title', '=', item.title)
      .where('image', 'in', [earlier, demoBannerImage(item.picture, 'en')])
      .where('default_language', '=', 'en')
      .where('translations', 'in', ['{}', demoTranslations({ title: HOME_TITLES[item.title] })])
      .execute();
  }
}

/**
 * A demo database seeded before content had languages keeps its English-only rows: the demo items
 * still as seeded (English, no other language yet) get their other languages. An operator's own
 * text, or a language an operator already added, is left as it is.
 */
async function addDemoLanguages(services: Services): Promise<void> {
  const { db } = services;
  await addDemoBannerPictures(services);
  const fill = async (
    table: 'card_plans' | 'goods_categories' | 'goods' | 'home_items' | 'notices' | 'community_channels',
    column: 'name' | 'title',
    texts: Record<string, string>,
  ) => {
    for (const [english, translations] of Object.entries(texts)) {
      await db
        .updateTable(table)
        .set({ translations })
        .where(column, '=', english)
        .where('default_language', '=', 'en')
        .where('translations', '=', '{}')
        .execute();
    }
  };
  const each = <T>(texts: Record<string, T>, toFields: (value: T) => Record<string, Texts | undefined>) =>
    Object.fromEntries(Object.entries(texts).map(([english, value]) => [english, demoTranslations(toFields(value))]));
  await fill(
    'card_plans',
    'name',
    each(PLAN_NAMES, (name) => ({ name })),
  );
  await fill(
    'home_items',
    'title',
    each(HOME_TITLES, (title) => ({ title })),
  );
  await fill(
    'goods_categories',
    'name',
    each(CATEGORY_NAMES, (name) => ({ name })),
  );
  await fill(
    'goods',
    'name',
    each(GOODS_TEXTS, (fields) => ({ ...fields })),
  );
  await fill(
    'notices',
    'title',
    Object.fromEntries(
      Object.entries(NOTICE_TEXTS).map(([english, fields]) => [
        english,
        demoTranslations({ ...fields }, sanitizeNoticeHtml),
      ]),
    ),
  );
  await fill(
    'community_channels',
    'name',
    each(CHANNEL_TEXTS, (fields) => ({ ...fields })),
  );
}

async function seedContent(services: Services): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const shop = new ShopRepository();
  if ((await shop.listCategories(db, { includeInactive: true })).length === 0) {
    for (const [position, group] of DEMO_GOODS.entries()) {
      const categoryId = randomUUID();
      await shop.insertCategory(db, {
        id: categoryId,
        name: group.category,
        position,
        is_active: 1,
        created_at: now,
        translations: demoTranslations({ name: CATEGORY_NAMES[group.category] }),
      });
      for (const [index, item] of group.items.entries()) {
        await shop.insertGoods(db, {
          id: randomUUID(),
          category_id: categoryId,
          name: item.name,
          images: JSON.stringify([goodsSvg(item.color)]),
          points: item.points,
          stock: item.stock,
          description: item.description,
          position: index,
          is_active: 1,
          created_at: now,
          updated_at: now,
          translations: demoTranslations({ ...GOODS_TEXTS[item.name] }),
        });
      }
    }
  }
  const notices = new NoticesRepository();
  if ((await notices.listAll(db, 1)).length === 0) {
    for (const [index, notice] of DEMO_NOTICES.entries()) {
      const at = now - (DEMO_NOTICES.length - index) * 60_000;
      await notices.insert(db, {
        id: randomUUID(),
        title: notice.title,
        body: sanitizeNoticeHtml(notice.body),
        published_at: at,
        created_by: 'demo-seed',
        created_at: at,
        translations: demoTranslations({ ...NOTICE_TEXTS[notice.title] }, sanitizeNoticeHtml),
      });
    }
  }
  const community = new CommunityRepository();
  if ((await community.list(db, { includeInactive: true })).length === 0) {
    for (const [position, channel] of DEMO_COMMUNITY.entries()) {
      await community.insert(db, {
        id: randomUUID(),
        ...channel,
        qr_image: null,
        position,
        is_active: 1,
        created_at: now,
        translations: demoTranslations({ ...CHANNEL_TEXTS[channel.name] }),
      });
    }
  }
}

/** Demo mode only; safe to run on every start. */
/**
 * The demo accounts of the local stand-ins (apps/server/fakes/huawei-health.ts and fitbit.ts: their
 * client ids, and the demo account with fixed tokens that keep working across restarts). Repeated
 * here rather than imported: the server never loads the stand-ins' code.
 */
export const DEMO_STAND_INS = {
  huawei: {
    clientId: '110000001',
    account: { id: 'MDFAMTQ5NjE0OTU0NjEw', name: 'Chen Jing' },
    accessToken: 'CgB6e3x9demoHuaweiAccessTokenForStrideDemo0000',
    refreshToken: 'CgB6e3x9demoHuaweiRefreshTokenForStrideDemo000',
  },
  fitbit: {
    clientId: '23QFKE',
    account: { id: 'DEMO42', name: 'Sam T.' },
    accessToken: 'eyJhbGciOiJIUzI1NiJ9.demo-fitbit-access-token-for-stride',
    refreshToken: 'demo0fitbit0refresh0token0for0stride0000000000000000000000000',
  },
} as const;

const isLoopback = (address: string) => {
  const host = new URL(address).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
};

/**
 * A connected watch for the demo account (decision 086 "Connected wearable accounts"), only when a provider is
 * configured to the demo stand-in (its client id, on this machine): then its first sync fills a week of history.
 * Against a real provider, or none, nothing is seeded.
 */
async function seedDemoConnections(services: Services, userId: string): Promise<void> {
  const { huawei, fitbit } = services.config.stepConnections;
  const targets = [
    huawei && huawei.clientId === DEMO_STAND_INS.huawei.clientId && isLoopback(huawei.apiUrl)
      ? ('huawei' as const)
      : null,
    fitbit && fitbit.clientId === DEMO_STAND_INS.fitbit.clientId && isLoopback(fitbit.apiUrl)
      ? ('fitbit' as const)
      : null,
  ];
  for (const provider of targets) {
    if (!provider) continue;
    const demo = DEMO_STAND_INS[provider];
    await services.stepConnections.connectSeeded(userId, {
      provider,
      account: demo.account,
      tokens: {
        accessToken: demo.accessToken,
        refreshToken: demo.refreshToken,
        // The stand-in's demo grant does not expire; a refresh answers the same tokens.
        expiresAt: services.clock.now() + 365 * 24 * 60 * 60 * 1000,
        scope: '',
      },
    });
  }
}

export async function seedDemo(services: Services): Promise<void> {
  const { db, clock, config, ledger } = services;
  const cards = new CardsRepository();
  // Only into an empty table: plans an operator retired, or items deactivated, stay so on restart.
  if (!(await cards.hasAnyPlan(db))) {
    for (const [position, plan] of DEMO_CARD_PLANS.entries()) {
      const id = randomUUID();
      await cards.insertPlan(db, {
        id,
        ...plan,
        position,
        is_active: 1,
        created_at: clock.now(),
        version: 1,
        family_id: id,
        retired_at: null,
        replaced_by: null,
        default_language: 'en',
        translations: demoTranslations({ name: PLAN_NAMES[plan.name] }),
      });
    }
  }
  const walking = new WalkingRepository();
  if (!(await walking.hasAnyHomeItem(db))) {
    for (const [position, { picture, ...item }] of DEMO_HOME_ITEMS.entries()) {
      const banner = item.kind === 'banner';
      await walking.insertHomeItem(db, {
        id: randomUUID(),
        ...item,
        // A quick entry's picture is one of the app's icons, the same in every language.
        image: banner ? demoBannerImage(picture, 'en') : picture,
        position,
        is_active: 1,
        version: 1,
        default_language: 'en',
        translations: demoTranslations({
          title: HOME_TITLES[item.title],
          image: banner ? demoBannerImages(picture) : undefined,
        }),
      });
    }
  }
  await seedContent(services);
  await addDemoLanguages(services);
  if (!(await services.operators.hasOperator(DEMO_OPERATOR.name))) {
    await services.operators.createOperator({ ...DEMO_OPERATOR, roles: [...OPERATOR_ROLES] });
  }

  const repository = new AccountsRepository();
  let user = await repository.findByAccount(db, DEMO_ACCOUNT.account);
  if (!user) {
    const hasher = new PasswordHasher(config.argon2);
    user = {
      id: randomUUID(),
      account: DEMO_ACCOUNT.account,
      password_hash: await hasher.hash(DEMO_ACCOUNT.password),
      invite_code: randomInviteCode(),
      invited_by: null,
      // Verified below through the identity service, with sample ID photos.
      real_name_status: 'none',
      created_at: clock.now(),
      frozen_at: null,
      frozen_by: null,
      frozen_reason: null,
      version: 1,
      nickname: null,
      avatar_file_id: null,
    };
    await repository.insert(db, user);
  }
  const userId = user.id;
  // The demo account accepted version 1 of the terms and privacy policy when it was made; a
  // version published later is asked again, as for everyone (decision 046 "Policies and consent").
  await services.policies.ensureInitial();
  const consents = await services.policies.status(userId);
  if (consents.terms.accepted === null && consents.privacy.accepted === null) {
    await services.policies.acceptPolicies(
      userId,
      { terms: consents.terms.current, privacy: consents.privacy.current },
      'demo-seed',
    );
  }
  if ((await services.identity.get(userId)).status === 'none') {
    await services.policies.grant(userId, 'id_photos', 'demo-seed');
    const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d9e6f2' } })
      .jpeg()
      .toBuffer();
    const front = await services.files.upload(userId, 'id_front', photo);
    const back = await services.files.upload(userId, 'id_back', photo);
    const identity = await services.identity.submit(
      userId,
      { ...DEMO_IDENTITY, frontImageId: front.fileId, backImageId: back.fileId },
      'submit',
    );
    if (identity.status === 'pending') await services.admin.identity.review('demo-seed', userId, { approve: true });
  }
  await seedDemoConnections(services, userId);
  await seedDemoFriends(services, userId);
  // Through the ledger, once (the key makes a restart a replay).
  await ledger.transfer({
    kind: 'demo.welcome',
    legs: [
      { account: { kind: 'system', name: 'funding', asset: 'CNY' }, amount: -config.demo.welcomeBalance },
      { account: { kind: 'user', userId, asset: 'CNY' }, amount: config.demo.welcomeBalance },
      { account: { kind: 'system', name: 'funding', asset: 'POINTS' }, amount: -config.demo.welcomePoints },
      { account: { kind: 'user', userId, asset: 'POINTS' }, amount: config.demo.welcomePoints },
    ],
    idempotencyKey: `${userId}:demo.welcome`,
    // A changed DEMO_WELCOME_* after the first start must not stop the server: same fingerprint.
    fingerprint: 'demo.welcome',
  });
}
