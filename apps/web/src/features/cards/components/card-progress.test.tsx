import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../../lib/i18n';
import { CardProgress } from './card-progress';

afterEach(() => languageStore.set('en'));

describe('a card’s progress today', () => {
  it('says the cash back waits for review when the day is held, not that steps are missing', () => {
    languageStore.set('en');
    render(<CardProgress steps={7_200} target={6_000} dailyCashBack={300} isEarned={false} heldCashBack={300} />);
    expect(screen.getByText('¥3.00 cash back waits for review')).toBeTruthy();
    expect(screen.queryByText(/more steps/)).toBeNull();
  });

  it('says the cash back comes later when the daily limit for everyone holds it', () => {
    languageStore.set('zh-Hans');
    render(<CardProgress steps={7_200} target={6_000} dailyCashBack={300} isEarned={false} cappedCashBack={300} />);
    expect(screen.getByText('返现 ¥3.00 稍后到账：今天所有用户的返现额度已用完')).toBeTruthy();
    expect(screen.queryByText(/再走/)).toBeNull();
  });

  it('still counts the steps left on a day that is not held', () => {
    languageStore.set('en');
    render(<CardProgress steps={5_000} target={6_000} dailyCashBack={300} isEarned={false} />);
    expect(screen.getByText('1,000 more steps for ¥3.00 today')).toBeTruthy();
  });
});
