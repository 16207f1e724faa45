import { consoleChangePassword } from '@stride/contract';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { SignInCard } from '../components/sign-in-card';
import { useFail } from '../components/use-fail';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

interface Passwords {
  current: string;
  password: string;
  repeat: string;
}

/**
 * A first login with a generated initial password: the operator sets a password of its own
 * before anything else (the server serves nothing else meanwhile; decision 073 "Operator sign-in"), and this session
 * goes on to the second factor's enrolment.
 */
export default function FirstPasswordPage({ onChanged, onLogout }: { onChanged: () => void; onLogout: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const [busy, setBusy] = useState(false);

  async function submit({ current, password }: Passwords) {
    setBusy(true);
    try {
      await call(consoleChangePassword, { body: { current, password } });
      void message.success(t('firstPassword.done'));
      onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignInCard title={t('firstPassword.title')}>
      <Typography.Paragraph>{t('firstPassword.intro')}</Typography.Paragraph>
      <Form<Passwords> layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="current" label={t('firstPassword.current')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('firstPassword.new')}
          rules={[{ required: true, min: 12, max: 128, message: t('firstPassword.newRule') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('firstPassword.repeat')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('firstPassword.repeatRule') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('firstPassword.repeatRule'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('firstPassword.submit')}
          </Button>
          <Button type="link" onClick={onLogout} block>
            {t('logout')}
          </Button>
        </Space>
      </Form>
    </SignInCard>
  );
}
