import { Typography } from 'antd';
import { useCanOpen } from '../lib/open-screens';
import { userHref } from '../lib/records';

/**
 * A user as the console names them (decision 080): the masked mobile number, a link to their page
 * when the operator's roles open the users screen, the number alone otherwise.
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
