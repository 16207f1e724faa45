import type { User } from '@stride/contract';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

export function AccountSummary({ user }: { readonly user: User }) {
  const { t } = useI18n();
  const rows = [
    { label: t('my.account'), value: user.account },
    { label: t('my.inviteCode'), value: user.inviteCode },
    { label: t('my.realName'), value: t(`realName.${user.realNameStatus}`) },
    { label: t('my.joined'), value: formatDate(user.createdAt) },
  ];
  return (
    <dl className="list">
      {rows.map((row) => (
        <div key={row.label} className="list__item">
          <dt className="list__secondary">{row.label}</dt>
          <dd style={{ margin: 0 }}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
