import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/i18n';
import { FriendBoard } from './friend-board';
import { lookupOf } from './friend-people';

afterEach(() => languageStore.set('en'));

const entry = (id: string, rank: number, steps: number, extra: object = {}) => ({
  id,
  name: `138****000${id}`,
  avatarUrl: null,
  rank,
  steps,
  pendingSteps: 0,
  likes: 0,
  likedByMe: false,
  me: false,
  ...extra,
});

describe('adding a friend', () => {
  it('sends a mobile number as a number and anything else as a friend code', () => {
    expect(lookupOf(' 139 1111 2222 ')).toEqual({ by: 'mobile', mobile: '13911112222' });
    expect(lookupOf('+8613911112222')).toEqual({ by: 'mobile', mobile: '+8613911112222' });
    expect(lookupOf(' nr4f3w4f ')).toEqual({ by: 'code', code: 'nr4f3w4f' });
    expect(lookupOf('2345')).toEqual({ by: 'code', code: '2345' });
  });
});

describe('the friends board', () => {
  it('likes a friend once, counts my own likes without a button, and shows held steps apart', () => {
    languageStore.set('en');
    const onLike = vi.fn();
    render(
      <FriendBoard
        period="today"
        onPeriod={() => undefined}
        entries={[
          entry('1', 1, 6_400, { likes: 2 }),
          entry('2', 2, 0, { me: true, likes: 3, pendingSteps: 8_000 }),
          entry('3', 2, 0, { likedByMe: true, likes: 1 }),
        ]}
        onLike={onLike}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: "Like 138****0001's steps" }));
    expect(onLike).toHaveBeenCalledWith(expect.objectContaining({ id: '1' }));
    const liked = screen.getByRole('button', { name: "You liked 138****0003's steps today" });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect((liked as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('3 likes of my steps today')).toBeTruthy();
    expect(screen.getByText('8,000 waiting for review')).toBeTruthy();
    expect(screen.getByText('138****0002 (me)')).toBeTruthy();
    expect(screen.queryByText('Add friends who share their steps to see them here.')).toBeNull();
  });
});
