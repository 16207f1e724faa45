import {
  consoleCreateOperator,
  consoleLiftOperatorSignInLock,
  consoleOperators,
  consoleResetOperatorSecondFactor,
  consoleSetOperatorDisabled,
  consoleSetOperatorRoles,
  OPERATOR_ROLES,
  type Operator,
  type OperatorRole,
} from '@stride/contract';
import { App, Button, Checkbox, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RoleGrantsPanel } from '../components/role-grants';
import { useListRun } from '../components/use-busy';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import { timeColumn } from '../components/columns';
import { EditModal } from '../components/edit-modal';

const NONE: never[] = [];
const loadOperators = () => call(consoleOperators, {});

function RolesField() {
  const { t } = useI18n();
  return (
    <Form.Item
      name="roles"
      label={t('operators.roles')}
      rules={[{ required: true, message: t('operators.rolesRule') }]}
    >
      <Checkbox.Group options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
    </Form.Item>
  );
}

/** Admin: every operator; create with roles (a one-time password), change roles, disable. */
export default function OperatorsPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const { data: rows, loading, reload: reloadOperators } = useLoad(loadOperators, 'list', NONE);
  // The role grants waiting for a second admin (decision 074 "Independent second approvers") load again with the list.
  const [grantsVersion, setGrantsVersion] = useState(0);
  const reload = () => {
    reloadOperators();
    setGrantsVersion((version) => version + 1);
  };
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const [createForm] = Form.useForm<{ name: string; roles: OperatorRole[] }>();
  const [rolesForm] = Form.useForm<{ roles: OperatorRole[] }>();

  const { busy, run } = useListRun(reload);

  function create() {
    createForm.validateFields().then(
      (body) =>
        run(async () => {
          const created = await call(consoleCreateOperator, { body: { name: body.name.trim(), roles: body.roles } });
          setCreating(false);
          createForm.resetFields();
          modal.success({
            title: t('operators.created', { name: created.operator.name }),
            content: (
              <>
                <Typography.Paragraph>{t('operators.initialPassword')}</Typography.Paragraph>
                <Typography.Text code copyable data-testid="initial-password">
                  {created.initialPassword}
                </Typography.Text>
                {created.operator.pendingRoles.length > 0 ? (
                  <Typography.Paragraph type="warning" style={{ marginTop: 12 }} data-testid="pending-roles">
                    {t('operators.grantRequested', {
                      roles: created.operator.pendingRoles.map((role) => t(`role.${role}`)).join(', '),
                    })}
                  </Typography.Paragraph>
                ) : null}
              </>
            ),
            okText: t('done'),
          });
        }),
      () => undefined,
    );
  }

  function toggleDisabled(operator: Operator) {
    const disabled = !operator.disabled;
    const apply = () =>
      run(
        () => call(consoleSetOperatorDisabled, { params: { id: operator.id }, body: { disabled } }),
        () => void message.success(t('operators.saved')),
      );
    if (!disabled) return void apply();
    modal.confirm({
      title: t('operators.disableConfirm', { name: operator.name }),
      okText: t('operators.disable'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: apply,
    });
  }

  function resetSecondFactor(operator: Operator) {
    modal.confirm({
      title: t('operators.resetConfirm', { name: operator.name }),
      okText: t('operators.resetSecondFactor'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        run(
          () => call(consoleResetOperatorSecondFactor, { params: { id: operator.id } }),
          () => void message.success(t('operators.saved')),
        ),
    });
  }

  function liftLock(operator: Operator) {
    modal.confirm({
      title: t('operators.liftLockConfirm', { name: operator.name }),
      okText: t('operators.liftLock'),
      cancelText: t('cancel'),
      onOk: () =>
        run(
          () => call(consoleLiftOperatorSignInLock, { params: { id: operator.id } }),
          () => void message.success(t('operators.saved')),
        ),
    });
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('operators.create')}
        </Button>
        <Button onClick={reload}>{t('refresh')}</Button>
      </Space>
      <RoleGrantsPanel version={grantsVersion} onDecided={reloadOperators} />
      <ListTable
        dataSource={rows}
        loading={loading}
        columns={[
          { title: t('operators.name'), dataIndex: 'name' },
          {
            title: t('operators.roles'),
            dataIndex: 'roles',
            render: (roles: OperatorRole[], row) => [
              ...roles.map((role) => <Tag key={role}>{t(`role.${role}`)}</Tag>),
              ...row.pendingRoles.map((role) => (
                <Tag key={`pending-${role}`} color="gold">
                  {t('operators.pendingRole', { role: t(`role.${role}`) })}
                </Tag>
              )),
            ],
          },
          {
            title: t('operators.state'),
            dataIndex: 'disabled',
            render: (disabled: boolean) =>
              disabled ? (
                <Tag color="red">{t('operators.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('operators.active')}</Tag>
              ),
          },
          {
            // Decision 073 "Operator sign-in": a lock after repeated failures, and a generated password still to
            // replace.
            key: 'signIn',
            title: t('operators.signIn'),
            render: (_value, row) => (
              <Space size={4} wrap>
                {row.signInLockedUntil ? (
                  <Tag color="orange">
                    {t('operators.lockedUntil', { time: dateTime(row.signInLockedUntil, language) })}
                  </Tag>
                ) : null}
                {row.passwordChangeRequired ? <Tag color="blue">{t('operators.mustChangePassword')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('operators.totp'),
            dataIndex: 'totpEnrolled',
            render: (enrolled: boolean) => (enrolled ? t('operators.enrolled') : t('operators.notEnrolled')),
          },
          timeColumn(t('operators.createdAt'), 'createdAt', language),
        ]}
        actions={(row) => (
          <Space>
            <Button
              onClick={() => {
                rolesForm.setFieldsValue({ roles: row.roles });
                setEditing(row);
              }}
            >
              {t('operators.editRoles')}
            </Button>
            <Button danger={!row.disabled} onClick={() => toggleDisabled(row)}>
              {row.disabled ? t('operators.enable') : t('operators.disable')}
            </Button>
            {row.signInLockedUntil ? (
              <Button type="link" onClick={() => liftLock(row)}>
                {t('operators.liftLock')}
              </Button>
            ) : null}
            {row.totpEnrolled ? (
              <Button type="link" onClick={() => resetSecondFactor(row)}>
                {t('operators.resetSecondFactor')}
              </Button>
            ) : null}
          </Space>
        )}
      />
      <EditModal
        busy={busy}
        open={creating}
        title={t('operators.create')}
        onOk={create}
        onCancel={() => setCreating(false)}
      >
        <Form form={createForm} layout="vertical" requiredMark={false}>
          <Form.Item
            name="name"
            label={t('operators.name')}
            rules={[{ required: true, pattern: /^\s*[a-z0-9._-]{2,64}\s*$/, message: t('operators.nameRule') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <RolesField />
        </Form>
      </EditModal>
      <EditModal
        busy={busy}
        open={editing !== null}
        title={editing ? t('operators.editRolesTitle', { name: editing.name }) : ''}
        onCancel={() => setEditing(null)}
        onOk={() => {
          const target = editing;
          if (!target) return;
          rolesForm.validateFields().then(
            ({ roles }) =>
              run(
                () => call(consoleSetOperatorRoles, { params: { id: target.id }, body: { roles } }),
                () => {
                  setEditing(null);
                  void message.success(t('operators.saved'));
                },
              ),
            () => undefined,
          );
        }}
      >
        <Form form={rolesForm} layout="vertical" requiredMark={false}>
          <RolesField />
        </Form>
      </EditModal>
    </>
  );
}
