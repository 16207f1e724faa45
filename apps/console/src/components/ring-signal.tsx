import type { InviteShare, RingSignal } from '@stride/contract';
import { Tag, Typography } from 'antd';
import type { PageTranslate } from '../lib/page-texts';
import type { INVITE_RINGS_PAGE } from '../locales/areas/invite-rings-page';

/** The Invite rings screen's texts (docs/console/reviewer.md, Invite rings), which also name an appealed reward's signals. */
export type RingTexts = PageTranslate<keyof typeof INVITE_RINGS_PAGE.en>;

/** The accounts a signal names in its row, before "and N more". */
const ACCOUNTS_SHOWN = 6;

export const sharesText = (f: RingTexts, shares: readonly InviteShare[]) =>
  shares.map((share) => f(`rings.share.${share}`)).join(f('rings.separator'));

/** One signal in words, with the accounts it concerns. */
export function RingSignalLine({ signal, f }: { signal: RingSignal; f: RingTexts }) {
  const { accounts } = signal;
  const text =
    signal.signal === 'shared'
      ? f('rings.signal.shared', { shares: sharesText(f, signal.shares) })
      : signal.signal === 'chain'
        ? f('rings.signal.chain', {
            shares: sharesText(f, signal.shares),
            account: accounts.at(-1)?.mobile ?? '',
          })
        : signal.signal === 'burst'
          ? f('rings.signal.burst', { count: signal.count, minutes: signal.minutes ?? 0 })
          : f('rings.signal.fewDevices', { count: signal.count, devices: signal.devices ?? 0 });
  const more = signal.count - Math.min(accounts.length, ACCOUNTS_SHOWN);
  return (
    <div data-testid="ring-signal">
      <Tag color="orange">{text}</Tag>
      <Typography.Text type="secondary">
        {accounts
          .slice(0, ACCOUNTS_SHOWN)
          .map((account) => account.mobile)
          .join(' · ')}
        {more > 0 ? ` ${f('rings.more', { count: more })}` : ''}
      </Typography.Text>
    </div>
  );
}
