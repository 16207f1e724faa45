import type { StepSyncHealth } from '@stride/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nContext } from '../lib/i18n-context';
import { translator } from '../locales';
import { lagText, StepSyncPanel } from './step-sync-panel';

// The dashboard's step sync panel (docs/product/step-sources.md, Connected accounts): per
// provider, configured or not, the counts, the lag as words, and amber when it needs attention.

const FITBIT: StepSyncHealth = {
  provider: 'fitbit',
  configured: true,
  active: 12_345,
  revoked: 17,
  failing: 0,
  last24h: { ok: 98_765, errors: 4, rateLimited: 2 },
  lagSeconds: 0,
};

const HUAWEI: StepSyncHealth = {
  provider: 'huawei',
  configured: false,
  active: 0,
  revoked: 0,
  failing: 0,
  last24h: { ok: 0, errors: 0, rateLimited: 0 },
  lagSeconds: 0,
};

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const block = (provider: string) => screen.getByTestId(`step-sync-${provider}`);
const figure = (provider: string, name: string) => screen.getByTestId(`step-sync-${provider}-${name}`).textContent;

describe('step sync panel', () => {
  it('shows each provider, its counts grouped, and one not configured', () => {
    render(<StepSyncPanel health={[HUAWEI, FITBIT]} />);
    const fitbit = block('fitbit');
    expect(within(fitbit).getByText('Fitbit')).toBeTruthy();
    expect(within(fitbit).queryByText('Not configured on this server')).toBeNull();
    expect(figure('fitbit', 'active')).toBe('12,345');
    expect(figure('fitbit', 'revoked')).toBe('17');
    expect(figure('fitbit', 'failing')).toBe('0');
    expect(figure('fitbit', 'last24h')).toBe('98,765 ok · 4 errors · 2 rate-limited');
    expect(figure('fitbit', 'lag')).toBe('On time');
    expect(fitbit.className).not.toContain('is-warning');
    expect(within(fitbit).queryByText('Needs attention')).toBeNull();

    const huawei = block('huawei');
    expect(within(huawei).getByText('Huawei Health')).toBeTruthy();
    expect(within(huawei).getByText('Not configured on this server')).toBeTruthy();
  });

  it('says the lag in words and warns only past 15 minutes', () => {
    render(
      <StepSyncPanel
        health={[
          { ...FITBIT, lagSeconds: 12 * 60 + 30 },
          { ...HUAWEI, configured: true, active: 40, lagSeconds: 16 * 60 },
        ]}
      />,
    );
    expect(figure('fitbit', 'lag')).toBe('12 min late');
    expect(block('fitbit').className).not.toContain('is-warning');
    expect(figure('huawei', 'lag')).toBe('16 min late');
    expect(block('huawei').className).toContain('is-warning');
    expect(within(block('huawei')).getByText('Needs attention')).toBeTruthy();
    expect(within(block('huawei')).queryByText('Not configured on this server')).toBeNull();
  });

  it('warns when a connection is failing, however on time', () => {
    render(<StepSyncPanel health={[{ ...FITBIT, failing: 2 }]} />);
    expect(figure('fitbit', 'failing')).toBe('2');
    expect(block('fitbit').className).toContain('is-warning');
    expect(within(block('fitbit')).getByText('Needs attention')).toBeTruthy();
  });

  it('reads in Chinese', () => {
    render(
      <I18nContext.Provider value={{ language: 'zh-Hans', t: translator('zh-Hans'), setLanguage: () => undefined }}>
        <StepSyncPanel health={[HUAWEI, { ...FITBIT, lagSeconds: 2 * 3600 + 5 * 60 }]} />
      </I18nContext.Provider>,
    );
    expect(within(block('huawei')).getByText('华为运动健康')).toBeTruthy();
    expect(within(block('huawei')).getByText('本服务器未配置')).toBeTruthy();
    expect(figure('fitbit', 'lag')).toBe('延迟 2 小时 5 分钟');
    expect(figure('fitbit', 'last24h')).toBe('成功 98,765 · 出错 4 · 被限流 2');
    expect(within(block('fitbit')).getByText('需要关注')).toBeTruthy();
  });

  it('words every size of lag', () => {
    const t = translator('en');
    expect(lagText(t, 'en', 0)).toBe('On time');
    expect(lagText(t, 'en', 45)).toBe('Under a minute late');
    expect(lagText(t, 'en', 60)).toBe('1 min late');
    expect(lagText(t, 'en', 59 * 60 + 59)).toBe('59 min late');
    expect(lagText(t, 'en', 3600 + 2 * 60)).toBe('1 h 2 min late');
    expect(lagText(t, 'en', 26 * 3600 + 10 * 60)).toBe('1 d 2 h late');
    expect(lagText(t, 'en', 1500 * 86_400)).toBe('1,500 d 0 h late');
  });
});
