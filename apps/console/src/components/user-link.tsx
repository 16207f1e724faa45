import { Space, Typography } from 'antd';
import { dateTime } from '../lib/format';
import { useCanOpen } from '../lib/open-screens';
import { userHref } from '../lib/records';
import type { ConsoleLanguage } from '../locales';

/**
 * A user as the console names them (decision 080 "A console a new operator can read"): the masked mobile number, a link
 * to their page when the operator's roles open the users screen, the number alone otherwise.
 */
export function UserLink({ userId, mobile }: { userId: string; mobile: string }) {
  const canOpen = useCanOpen('users');
  const text = mobile || '—';
  return canOpen ? (
    <Typography.Link href={userHref(userId)} data-testid="user-link">
      {text}
    </Typography.Link>
  ) : (
    <span>{text}</span>
  );
}

/** The column naming each row's user (`userId`, `userMobileMasked`) as a UserLink. */
export function userColumn<R extends { userId: string; userMobileMasked: string }>(title: string) {
  return {
    title,
    key: 'user',
    render: (_value: unknown, row: R) => <UserLink userId={row.userId} mobile={row.userMobileMasked} />,
  };
}

/** The column naming each row's user, with when the row was made under it (a request to decide). */
export function userAtColumn<R extends { userId: string; userMobileMasked: string; createdAt: string }>(
  title: string,
  language: ConsoleLanguage,
) {
  return {
    title,
    key: 'user',
    render: (_value: unknown, row: R) => (
      <Space direction="vertical" size={0}>
        <UserLink userId={row.userId} mobile={row.userMobileMasked} />
        <Typography.Text type="secondary">{dateTime(row.createdAt, language)}</Typography.Text>
      </Space>
    ),
  };
}

/** The columns naming a person under review: their account, their name and their masked ID number. */
export function personColumns<R extends { userId: string; userMobileMasked: string }>(titles: {
  account: string;
  name: string;
  idNumber: string;
}) {
  return [
    userColumn<R>(titles.account),
    { title: titles.name, dataIndex: 'name' },
    { title: titles.idNumber, dataIndex: 'idNumberMasked' },
  ];
}
