import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../../lib/i18n';
import { InviteView, type InviteInfo } from './invite-view';

const invitee = (account: string, waitingForReview: boolean) => ({
  account,
  joinedAt: '2026-11-20T02:00:00.000Z',
  qualified: false,
  qualifiedAt: null,
  waitingForReview,
  rewardRefused: false,
  rewardPoints: 0,
});

const INVITE: InviteInfo = {
  code: 'ABC123',
  link: 'https://walk.example.com/#/pages/login/index?invite=ABC123',
  qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
  rewardPoints: 0,
  rule: { points: 500, steps: 5_000, maxPerYear: 2, rewardedThisYear: 0 },
  invitees: [invitee('138****0001', true), invitee('138****0002', false)],
  ownReward: null,
};

afterEach(() => languageStore.set('en'));

describe('the inviter’s list', () => {
  it('shows a friend who walked on a day under review as waiting for review, not as not walked', () => {
    languageStore.set('en');
    render(<InviteView invite={INVITE} onCopy={() => undefined} />);
    expect(screen.getByText('Walked, waiting for review')).toBeTruthy();
    expect(screen.getAllByText('Not walked yet')).toHaveLength(1);
  });
});

describe('invite rewards a reviewer holds (docs/product/referral-rings.md)', () => {
  it('shows a friend whose reward was refused, and my own reward waiting or refused', () => {
    languageStore.set('en');
    const refused = { ...invitee('138****0003', false), rewardRefused: true };
    const { rerender } = render(
      <InviteView
        invite={{ ...INVITE, invitees: [refused], ownReward: { status: 'held', points: 500, inviteeId: 'me' } }}
        onCopy={() => undefined}
      />,
    );
    expect(screen.getByText('Walked, not rewarded after review')).toBeTruthy();
    expect(screen.getByTestId('invite-own-reward').textContent).toBe(
      'Your welcome reward of 500 points is waiting for a review.',
    );
    rerender(
      <InviteView
        invite={{ ...INVITE, ownReward: { status: 'refused', points: 500, inviteeId: 'me' } }}
        onCopy={() => undefined}
      />,
    );
    expect(screen.getByTestId('invite-own-reward').textContent).toBe(
      'Your welcome reward was not paid after a review.',
    );
    rerender(
      <InviteView
        invite={{ ...INVITE, ownReward: { status: 'paid', points: 500, inviteeId: 'me' } }}
        onCopy={() => undefined}
      />,
    );
    expect(screen.queryByTestId('invite-own-reward')).toBeNull();
  });
});
