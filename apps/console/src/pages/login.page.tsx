import { consoleLogin, type ConsoleMe } from '@stride/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { SignInActions, SignInCard } from '../components/sign-in-card';
import { useBusy } from '../components/use-busy';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

interface Credentials {
  name: string;
  password: string;
}

/** Name and password; then, for an enrolled operator, the TOTP or a recovery code. */
export default function LoginPage({ onSignedIn }: { onSignedIn: (me: ConsoleMe) => void }) {
  const { t } = useI18n();
  const { busy, run } = useBusy();
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  function submit(body: Credentials & { code?: string }) {
    return run(async () => {
      const answer = await call(consoleLogin, { body });
      if (answer.me) onSignedIn(answer.me);
      else if (answer.secondFactorRequired) setCredentials({ name: body.name, password: body.password });
    });
  }

  return (
    <SignInCard title={t('login.title')}>
      {credentials === null ? (
        <Form<Credentials> layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="name" label={t('login.name')} rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('login.submit')}
          </Button>
        </Form>
      ) : (
        <Form<{ code: string }>
          layout="vertical"
          onFinish={({ code }) => void submit({ ...credentials, code: code.trim() })}
          requiredMark={false}
        >
          <Typography.Paragraph type="secondary">{t('login.codeHint')}</Typography.Paragraph>
          <Form.Item name="code" label={t('login.code')} rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="one-time-code" inputMode="text" />
          </Form.Item>
          <SignInActions
            busy={busy}
            submit={t('login.verify')}
            away={t('login.back')}
            onAway={() => setCredentials(null)}
          />
        </Form>
      )}
    </SignInCard>
  );
}
