import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { AccountSummary, ProfileForm } from '../../features/account';
import { useI18n } from '../../lib/i18n';
import { goBack } from '../../lib/navigation';
import { useUser, userStore } from '../../lib/storage';

/** docs/product/client.md, Profile: the avatar and nickname, opened from the head of My. */
export default function ProfilePage() {
  const { t } = useI18n();
  const { userInfo } = useUser();
  // The route guard loads the user for a page opened by its address.
  if (!userInfo) return <StatusTip status="loading" />;
  return (
    <>
      <ProfileForm
        user={userInfo}
        onSaved={(user) => {
          userStore.setUserInfo(user);
          void showToast(t('profile.saved'));
          goBack();
        }}
      />
      <AccountSummary user={userInfo} />
    </>
  );
}
