import { consoleChangePassword } from '@stride/contract';
import { App, Form, Input, Typography } from 'antd';
import { SignInActions, SignInCard } from '../components/sign-in-card';
import { useBusy } from '../components/use-busy';
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
  const { busy, run } = useBusy();

  function submit({ current, password }: Passwords) {
    return run(async () => {
      await call(consoleChangePassword, { body: { current, password } });
      void message.success(t('firstPassword.done'));
      onChanged();
    });
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
        <SignInActions busy={busy} submit={t('firstPassword.submit')} away={t('logout')} onAway={onLogout} />
      </Form>
    </SignInCard>
  );
}
