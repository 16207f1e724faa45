import { useI18n } from '../../lib/i18n';

export default function DemoPage() {
  const { t } = useI18n();
  return <p className="card">{t('demo.intro')}</p>;
}
