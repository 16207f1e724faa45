import { LANGUAGES, NOTIFICATION_KINDS, type NotificationKind } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../locales/index.js';
import { renderNotification, type NotificationParams } from './notifications.service.js';

/**
 * Every value a notification's text takes, each typed the way a person may type it: a reason or a
 * carrier ending with its own full stop, Western or Chinese (decision 044 "The notifications inbox").
 */
function paramsOf(kind: NotificationKind, stop: string): NotificationParams[NotificationKind][] {
  const plan = { en: `Gold${stop}`, 'zh-Hans': `金卡${stop}` };
  switch (kind) {
    case 'identity.approved':
    case 'face.approved':
      return [{}];
    case 'identity.rejected':
    case 'face.rejected':
      return [{ reason: `The photo is blurred${stop}` }];
    case 'withdrawal.paid':
      return [{ amount: 10_000, received: 9_900 }];
    case 'withdrawal.rejected':
      return [{ amount: 10_000, reason: `Closed account${stop}` }];
    case 'goods-order.shipped':
      return [{ orderId: 'o-1', carrier: `SF Express${stop}`, trackingNumber: `SF123${stop}` }];
    case 'card-mailing.shipped':
      return [{ mailingId: 'm-1', carrier: `EMS${stop}`, trackingNumber: `EMS42${stop}` }];
    case 'card.bought':
    case 'card.ending':
      return [{ planId: 'p-1', plan, endsOn: '2026-12-31' }];
    case 'card.cash-back':
      return [{ planId: 'p-1', plan, amount: 150, day: '2026-12-01' }];
    case 'invite.reward':
      return [
        { points: 500, role: 'inviter' },
        { points: 500, role: 'invitee' },
      ];
    case 'invite.reviewed':
      return (['inviter', 'invitee'] as const).flatMap((role) =>
        (['released', 'refused'] as const).map((outcome) => ({ points: 500, role, outcome })),
      );
    case 'points.waiting':
      return [{ points: 120, day: '2026-12-01' }];
    case 'points.expiring':
      return [
        { points: 1_200, day: '2026-12-31', days: 30 },
        { points: 80, day: '2026-12-31', days: 7 },
      ];
    case 'steps.cleared':
    case 'steps.rejected':
      return [
        { day: '2026-12-01', points: 120, amount: 150 },
        { day: '2026-12-01', points: 120, amount: 0 },
      ];
    case 'step-connection.revoked':
      return [
        { provider: 'fitbit', accountName: `Li Na${stop}` },
        { provider: 'huawei', accountName: `李娜${stop}` },
      ];
    case 'friend.requested':
    case 'friend.accepted':
      return [{ name: `Li Na${stop}` }, { name: '138****0000' }];
    case 'friend.liked':
      return [{ name: `李娜${stop}`, day: '2026-12-01' }];
    case 'club.closed':
      return [{ club: `Morning walkers${stop}`, reason: `Offensive name${stop}` }];
    case 'challenge.started':
      return [{ challengeId: 'c-1', challenge: `Spring walk${stop}`, endsOn: '2026-12-07' }];
    case 'challenge.halfway':
      return [{ challengeId: 'c-1', challenge: `Spring walk${stop}`, daysLeft: 3 }];
    case 'challenge.ending':
      return [{ challengeId: 'c-1', challenge: `春季健走${stop}` }];
    case 'challenge.result':
      return (['prize', 'won', 'finished', 'place', 'done'] as const).map((outcome) => ({
        challengeId: 'c-1',
        challenge: `Spring walk${stop}`,
        outcome,
        place: 3,
        points: 2_500,
      }));
    case 'challenge.cancelled':
      return [
        { challengeId: 'c-1', challenge: `Spring walk${stop}`, reason: `Unfair rules${stop}` },
        { challengeId: 'c-1', challenge: `Spring walk${stop}`, reason: '' },
      ];
    case 'rules.changed':
      return [
        { versionId: 'v-2', effectiveOn: '2027-01-01', worse: true },
        { versionId: 'v-3', effectiveOn: '2027-02-01', worse: false },
      ];
    case 'appeal.decided':
      return (['granted', 'refused'] as const).map((outcome) => ({
        appealId: 'a-1',
        subject: outcome === 'granted' ? '2026-12-01' : { en: `your report${stop}`, 'zh-Hans': `你的举报${stop}` },
        outcome,
        reason: { en: `the first decision was a mistake${stop}`, 'zh-Hans': `最初的决定有误${stop}` },
      }));
    case 'report.dismissed':
      return [{ reportId: 'r-1', content: { en: 'nickname', 'zh-Hans': '昵称' } }];
    case 'notice':
      return [{ noticeId: 'n-1' }];
  }
}

const DOUBLED_STOPS = /[.。．][.。．]/u;

describe('notification texts in every language', () => {
  it('each template is written with one full stop at a time', () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(MESSAGES[language])) {
        if (key.startsWith('notification.')) expect(`${language} ${key}: ${text}`).not.toMatch(DOUBLED_STOPS);
      }
    }
  });

  it('each kind renders without ".." or "。。", whatever stop its values end with', () => {
    const titles = new Map([['n-1', 'Walking week.']]);
    let rendered = 0;
    for (const language of LANGUAGES) {
      for (const kind of NOTIFICATION_KINDS) {
        for (const stop of ['.', '。', '']) {
          for (const params of paramsOf(kind, stop)) {
            const { title, body } = renderNotification({ kind, params: JSON.stringify(params) }, language, titles);
            const where = `${language} ${kind} (${JSON.stringify(params)})`;
            expect(title, where).not.toBe('');
            expect(body, where).not.toBe('');
            expect(`${where}: ${title} ${body}`).not.toMatch(DOUBLED_STOPS);
            // Every value was put in: no placeholder is left.
            expect(`${where}: ${title} ${body}`).not.toMatch(/\{\w+\}/);
            rendered += 1;
          }
        }
      }
    }
    expect(rendered).toBeGreaterThanOrEqual(LANGUAGES.length * NOTIFICATION_KINDS.length * 3);
  });
});
