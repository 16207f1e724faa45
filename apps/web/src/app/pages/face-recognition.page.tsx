import { StatusTip } from '../../components/status-tip';
import { useI18n } from '../../lib/i18n';
import { useUser } from '../../lib/storage';
import { SimpleList } from '../remote-view';

/** The contract has no read call for identity details yet; the user's real-name status is what is known. */
export default function FaceRecognitionPage() {
  const { t } = useI18n();
  const { userInfo } = useUser();
  if (!userInfo) return <StatusTip status="loading" />;
  return (
    <SimpleList
      rows={[{ key: 'status', primary: t('my.realName'), secondary: t(`realName.${userInfo.realNameStatus}`) }]}
    />
  );
}
