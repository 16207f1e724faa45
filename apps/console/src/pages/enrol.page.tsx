import { consoleTotpConfirm, consoleTotpEnrol } from '@stride/contract';
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { SignInActions, SignInCard } from '../components/sign-in-card';
import { useBusy } from '../components/use-busy';
import { useFail } from '../components/use-fail';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

/** The base32 secret of an otpauth:// URI, for typing into an authenticator by hand. */
function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/**
 * A first login without a second factor: a new TOTP secret as a QR code, confirmed by its first
 * code; the recovery codes are shown this once, before the console opens.
 */
export default function EnrolPage({ onEnrolled, onLogout }: { onEnrolled: () => void; onLogout: () => void }) {
  const { t } = useI18n();
  const fail = useFail();
  const [secret, setSecret] = useState<{ uri: string; qr: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    call(consoleTotpEnrol, {}).then((answer) => {
      if (live) setSecret(answer);
    }, fail);
    return () => {
      live = false;
    };
  }, [fail]);

  const { busy, run } = useBusy();

  function confirm(code: string) {
    return run(async () => {
      setRecoveryCodes((await call(consoleTotpConfirm, { body: { code: code.trim() } })).recoveryCodes);
    });
  }

  return (
    <SignInCard title={t('enrol.title')}>
      {recoveryCodes ? (
        <>
          <Typography.Title level={5}>{t('enrol.recoveryTitle')}</Typography.Title>
          <Alert type="warning" showIcon message={t('enrol.recoveryIntro')} />
          <ul className="console-codes" data-testid="recovery-codes">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button type="primary" block onClick={onEnrolled}>
            {t('enrol.continue')}
          </Button>
        </>
      ) : secret ? (
        <Form<{ code: string }> layout="vertical" onFinish={({ code }) => void confirm(code)} requiredMark={false}>
          <Typography.Paragraph>{t('enrol.intro')}</Typography.Paragraph>
          <div style={{ textAlign: 'center' }}>
            <img src={secret.qr} alt="otpauth QR" width={200} height={200} />
          </div>
          <Typography.Paragraph>
            {t('enrol.key')}:{' '}
            <Typography.Text code copyable data-testid="totp-secret">
              {secretOf(secret.uri)}
            </Typography.Text>
          </Typography.Paragraph>
          <Form.Item name="code" label={t('enrol.code')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/ }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={8} />
          </Form.Item>
          <SignInActions busy={busy} submit={t('enrol.confirm')} away={t('logout')} onAway={onLogout} />
        </Form>
      ) : (
        <Spin />
      )}
    </SignInCard>
  );
}
