import { randomUUID } from 'node:crypto';
import type { Services } from '../app.js';
import { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { PasswordHasher } from '../modules/accounts/passwords.js';
import { CardsRepository } from '../modules/cards/cards.repository.js';
import { WalkingRepository } from '../modules/walking/walking.repository.js';
import { randomInviteCode } from '../lib/secrets.js';
import sharp from 'sharp';

export const DEMO_ACCOUNT = { account: '13800138000', password: 'Stride2026' } as const;

/** The demo account's real name (payout holder names must equal it) and a checksum-valid ID number. */
export const DEMO_IDENTITY = { name: 'Demo Walker', idNumber: '11010519491231002X' } as const;

/** PRODUCT.md's default catalogue (price and cash back in fen, multiplier in percent). */
export const DEMO_CARD_PLANS = [
  { name: 'Bronze', price: 9_900, days: 30, daily_target: 6_000, daily_cash_back: 300, multiplier_percent: 120 },
  { name: 'Silver', price: 29_900, days: 90, daily_target: 8_000, daily_cash_back: 300, multiplier_percent: 150 },
  { name: 'Gold', price: 99_900, days: 365, daily_target: 10_000, daily_cash_back: 250, multiplier_percent: 200 },
] as const;

function bannerSvg(title: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300"><rect width="750" height="300" fill="${color}"/><text x="40" y="170" font-family="sans-serif" font-size="56" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const DEMO_HOME_ITEMS = [
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
    target: '#/pages/insurance/index',
  },
  {
    kind: 'banner',
    title: 'Turn points into cash',
    image: bannerSvg('Points to cash', '#ff8f1f'),
    target: '#/pages/asset/index',
  },
  { kind: 'entry', title: 'Member cards', image: 'card', target: '/pages/invest/index' },
  { kind: 'entry', title: 'My cards', image: 'wallet', target: '/pages/card/index' },
  { kind: 'entry', title: 'Insurance', image: 'shield', target: '/pages/insurance/index' },
  { kind: 'entry', title: 'Exchange', image: 'exchange', target: '/pages-sub/exchange/record' },
] as const;

/** Demo mode only; safe to run on every start. */
export async function seedDemo(services: Services): Promise<void> {
  const { db, clock, config, ledger } = services;
  const cards = new CardsRepository();
  if ((await cards.listPlans(db)).length === 0) {
    for (const [position, plan] of DEMO_CARD_PLANS.entries()) {
      await cards.insertPlan(db, { id: randomUUID(), ...plan, position, is_active: 1, created_at: clock.now() });
    }
  }
  const walking = new WalkingRepository();
  if ((await walking.listHomeItems(db)).length === 0) {
    for (const [position, item] of DEMO_HOME_ITEMS.entries()) {
      await walking.insertHomeItem(db, { id: randomUUID(), ...item, position, is_active: 1 });
    }
  }

  const repository = new AccountsRepository(db);
  let user = await repository.findByAccount(DEMO_ACCOUNT.account);
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
    };
    await repository.insert(user);
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
    if (identity.status === 'pending') await services.identity.review('demo-seed', userId, { approve: true });
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
