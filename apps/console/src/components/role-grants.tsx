import {
  consoleRoleGrantApprove,
  consoleRoleGrantReject,
  consoleRoleGrants,
  type OperatorRole,
  type RoleGrant,
} from '@stride/contract';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import { ListTable } from './status-queue';
import { useLoad } from './use-load';
import { useFail } from './use-fail';
import { NotIndependent, OperatorName } from './operator-origin';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const NONE: RoleGrant[] = [];
const loadGrants = () => call(consoleRoleGrants, {});

/**
 * Admin: the role grants (finance, admin) waiting for a second admin (decision 074 "Independent second approvers"),
 * with who asked and how that admin came to its role; Approve for an admin who may, the reason otherwise.
 * `version` reloads it when the operators page changed something; `onDecided` reloads the page.
 */
export function RoleGrantsPanel({ version, onDecided }: { version: number; onDecided: () => void }) {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const fail = useFail();
  const { data: rows, loading, reload } = useLoad(loadGrants, String(version), NONE);
  const roles = (list: OperatorRole[]) => list.map((role) => t(`role.${role}`)).join(', ');

  async function decide(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      void message.success(done);
    } catch (error) {
      fail(error);
    }
    reload();
    onDecided();
  }

  function approve(grant: RoleGrant) {
    modal.confirm({
      title: t('grants.approveConfirm', { roles: roles(grant.roles), name: grant.operatorName }),
      okText: t('grants.approve'),
      cancelText: t('cancel'),
      onOk: () => decide(() => call(consoleRoleGrantApprove, { params: { id: grant.id } }), t('grants.approved')),
    });
  }

  if (rows.length === 0) return null;
  return (
    <Card title={t('grants.title')} size="small" style={{ marginBottom: 16 }} data-testid="role-grants">
      <Typography.Paragraph type="secondary">{t('grants.intro')}</Typography.Paragraph>
      <ListTable
        size="small"
        loading={loading}
        dataSource={rows}
        columns={[
          { title: t('grants.operator'), dataIndex: 'operatorName' },
          {
            title: t('grants.current'),
            dataIndex: 'currentRoles',
            render: (current: OperatorRole[]) => current.map((role) => <Tag key={role}>{t(`role.${role}`)}</Tag>),
          },
          {
            title: t('grants.roles'),
            dataIndex: 'roles',
            render: (added: OperatorRole[]) =>
              added.map((role) => (
                <Tag key={role} color="gold">
                  {t(`role.${role}`)}
                </Tag>
              )),
          },
          {
            title: t('grants.requestedBy'),
            key: 'requestedBy',
            render: (_value, row) => (
              <Space direction="vertical" size={0}>
                <OperatorName name={row.requestedBy} origin={row.requestedByOrigin} />
                <Typography.Text type="secondary">{dateTime(row.createdAt, language)}</Typography.Text>
              </Space>
            ),
          },
        ]}
        actions={(row) => {
          const reject = (
            <Button
              danger
              onClick={() =>
                void decide(() => call(consoleRoleGrantReject, { params: { id: row.id } }), t('grants.rejected'))
              }
            >
              {t('grants.reject')}
            </Button>
          );
          const why = row.mine ? t('grants.mine') : row.forMe ? t('grants.forMe') : null;
          if (why !== null || row.notIndependent) {
            return (
              <Space direction="vertical" size={4}>
                {why !== null ? <Typography.Text type="secondary">{why}</Typography.Text> : null}
                {row.notIndependent && why === null ? <NotIndependent conflict={row.notIndependent} /> : null}
                {reject}
              </Space>
            );
          }
          return (
            <Space>
              <Button type="primary" onClick={() => approve(row)}>
                {t('grants.approve')}
              </Button>
              {reject}
            </Space>
          );
        }}
      />
    </Card>
  );
}
