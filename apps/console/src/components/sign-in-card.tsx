import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';

/** A signed-out screen: one card in the middle, its title beside the language switch. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="console-centre">
      <Card className="console-card">
        <div className="console-card-head">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        {children}
      </Card>
    </div>
  );
}

/** A signed-out form's buttons: its submit, and under it a link away (sign out, go back). */
export function SignInActions({
  busy,
  submit,
  away,
  onAway,
}: {
  busy: boolean;
  submit: string;
  away: string;
  onAway: () => void;
}) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" htmlType="submit" loading={busy} block>
        {submit}
      </Button>
      <Button type="link" onClick={onAway} block>
        {away}
      </Button>
    </Space>
  );
}
