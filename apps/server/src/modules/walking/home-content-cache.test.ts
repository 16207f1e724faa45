import { CODES, getHome } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, call, registerUser, useTestApp } from '../../../test/harness.js';
import { createApp } from '../../app.js';

// Decision 053 "Fewer statements for home and for money": what home shows every user alike (home items, the latest
// notices) is kept per server for at most CONTENT_CACHE_MS (1 s by default). An operator's change shows at once on the
// server that made it, even right after a read kept the old content; on any other server within
// the second. Nothing of a user's own is kept.
const t = useTestApp({ CONTENT_CACHE_MS: '1000' });

type Home = { banners: { title: string }[]; notices: { title: string }[]; points: number };

async function homeOf(token: string): Promise<Home> {
  const answer = await api(t, getHome, { token });
  expect(answer.code).toBe(CODES.OK);
  return answer.data;
}

const banner = (title: string) => ({
  title,
  image: 'https://example.com/banner.png',
  target: '/pages/invest/index',
  position: 1,
  active: true,
});

describe('home content kept per server', () => {
  it('shows a new banner and a new notice at once on the server that made them', async () => {
    const user = await registerUser(t);
    // A read first, so the content is kept when the change comes.
    const before = await homeOf(user.token);
    t.clock.advance(60_000);
    await t.app.services.admin.walking.createHomeItem('editor', 'banner', banner('Kept-then-new banner'));
    await t.app.services.admin.notices.publish('editor', { title: 'Kept-then-new notice', body: '<p>Hello</p>' });
    const after = await homeOf(user.token);
    expect(after.banners.map((b) => b.title)).toContain('Kept-then-new banner');
    expect(after.banners).toHaveLength(before.banners.length + 1);
    expect(after.notices[0]?.title).toBe('Kept-then-new notice');
  });

  it('another server on the same database shows an operator change within a second', async () => {
    const other = await createApp({ config: t.config, db: t.db, clock: t.clock });
    await other.ready();
    try {
      const user = await registerUser(t);
      const titlesThere = async () => {
        const answer = await call<Home>(other, 'GET', '/api/home', { token: user.token });
        expect(answer.code).toBe(CODES.OK);
        return answer.data.notices.map((n) => n.title);
      };
      await titlesThere();
      // Later than the notice of the test before, so it is the newest.
      t.clock.advance(60_000);
      await t.app.services.admin.notices.publish('editor', { title: 'Seen elsewhere soon', body: '<p>Hi</p>' });
      const published = performance.now();
      expect((await homeOf(user.token)).notices[0]?.title).toBe('Seen elsewhere soon');
      // The other server reads its notices again once its second is up (polled, not slept).
      let titles = await titlesThere();
      while (!titles.includes('Seen elsewhere soon') && performance.now() - published < 5_000) {
        await new Promise((resolve) => setImmediate(resolve));
        titles = await titlesThere();
      }
      expect(titles).toContain('Seen elsewhere soon');
      // A second, plus the time of one call on a busy machine.
      expect(performance.now() - published).toBeLessThan(1_500);
    } finally {
      await other.close();
    }
  });

  it('keeps nothing of a user: points credited show on the very next read', async () => {
    const user = await registerUser(t);
    const before = await homeOf(user.token);
    await t.app.services.ledger.transfer({
      kind: 'adjustment.credit',
      legs: [
        { account: { kind: 'system', name: 'adjustments', asset: 'POINTS' }, amount: -700 },
        { account: { kind: 'user', userId: user.userId, asset: 'POINTS' }, amount: 700 },
      ],
    });
    expect((await homeOf(user.token)).points).toBe(before.points + 700);
  });
});
