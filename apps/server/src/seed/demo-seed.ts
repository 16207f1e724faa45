import { randomUUID } from 'node:crypto';
import { OPERATOR_ROLES } from '@stride/contract';
import type { Services } from '../app.js';
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

export const DEMO_ACCOUNT = { account: '13800138000', password: 'Stride2026' } as const;

/**
 * The console's demo operator: every role, a published password, and no TOTP yet, so the console
 * can be tried at once (its first login offers enrolment).
 */
export const DEMO_OPERATOR = { name: 'demo', password: 'StrideConsole2026' } as const;

/** The demo account's real name (payout holder names must equal it) and a checksum-valid ID number. */
export const DEMO_IDENTITY = { name: 'Demo Walker', idNumber: '11010519491231002X' } as const;

/** The demo catalogue of docs/product/rules.md, Membership cards (price and cash back in fen, multiplier in percent). */
export const DEMO_CARD_PLANS = [
  { name: 'Bronze', price: 9_900, days: 30, daily_target: 6_000, daily_cash_back: 300, multiplier_percent: 120 },
  { name: 'Silver', price: 29_900, days: 90, daily_target: 8_000, daily_cash_back: 300, multiplier_percent: 150 },
  { name: 'Gold', price: 99_900, days: 365, daily_target: 10_000, daily_cash_back: 250, multiplier_percent: 200 },
] as const;

function bannerSvg(title: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300"><rect width="750" height="300" fill="${color}"/><text x="40" y="170" font-family="sans-serif" font-size="56" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const DEMO_HOME_ITEMS = [
  {
    kind: 'banner',
    title: 'Walk 6,000 steps, earn cash back',
    image: bannerSvg('Walk and earn', '#1677ff'),
    target: '#/pages/invest/index',
  },
  {
    kind: 'banner',
    title: 'Free walking insurance with every card',
    image: bannerSvg('Insured steps', '#00b578'),
    target: '#/pages-sub/insurance/index',
  },
  {
    kind: 'banner',
    title: 'Turn points into cash',
    image: bannerSvg('Points to cash', '#ff8f1f'),
    target: '#/pages-sub/asset/index',
  },
  { kind: 'entry', title: 'Member cards', image: 'card', target: '/pages/invest/index' },
  { kind: 'entry', title: 'My cards', image: 'wallet', target: '/pages-sub/card/index' },
  { kind: 'entry', title: 'Insurance', image: 'shield', target: '/pages-sub/insurance/index' },
  { kind: 'entry', title: 'Exchange', image: 'exchange', target: '/pages-sub/exchange-record/index' },
] as const;

function goodsSvg(label: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" rx="32" fill="${color}"/><circle cx="200" cy="170" r="90" fill="#ffffff" fill-opacity="0.35"/><text x="200" y="330" text-anchor="middle" font-family="sans-serif" font-size="40" fill="#fff">${label}</text></svg>`;
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

async function seedContent(services: Services): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const shop = new ShopRepository();
  if ((await shop.listCategories(db, { includeInactive: true })).length === 0) {
    for (const [position, group] of DEMO_GOODS.entries()) {
      const categoryId = randomUUID();
      await shop.insertCategory(db, { id: categoryId, name: group.category, position, is_active: 1, created_at: now });
      for (const [index, item] of group.items.entries()) {
        await shop.insertGoods(db, {
          id: randomUUID(),
          category_id: categoryId,
          name: item.name,
          images: JSON.stringify([goodsSvg(item.name.split(' ')[0] ?? item.name, item.color)]),
          points: item.points,
          stock: item.stock,
          description: item.description,
          position: index,
          is_active: 1,
          created_at: now,
          updated_at: now,
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
      });
    }
  }
}

/** Demo mode only; safe to run on every start. */
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
      });
    }
  }
  const walking = new WalkingRepository();
  if (!(await walking.hasAnyHomeItem(db))) {
    for (const [position, item] of DEMO_HOME_ITEMS.entries()) {
      await walking.insertHomeItem(db, { id: randomUUID(), ...item, position, is_active: 1, version: 1 });
    }
  }
  await seedContent(services);
  if (!(await services.console.hasOperator(DEMO_OPERATOR.name))) {
    await services.console.createOperator({ ...DEMO_OPERATOR, roles: [...OPERATOR_ROLES] });
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
    };
    await repository.insert(db, user);
  }
  const userId = user.id;
  if ((await services.identity.get(userId)).status === 'none') {
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
