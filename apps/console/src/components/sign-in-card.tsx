import { Card, Typography } from 'antd';
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
