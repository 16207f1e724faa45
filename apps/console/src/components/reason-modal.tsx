import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useI18n } from '../lib/i18n-context';
import { useFail } from './use-fail';

/** Asks for the reason of a rejection (the user sees it) or an action, then runs `onSubmit` with it. */
export function ReasonModal({
  open,
  onCancel,
  onSubmit,
  title,
  label,
  hint,
  danger = false,
  max = 500,
  clearAfter = true,
}: {
  open: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
  /** What the reason is for; "Reason" by default. */
  title?: string | undefined;
  /** Who sees the reason; "the user sees it" by default. */
  label?: string;
  /** What the action does, shown above the reason. */
  hint?: string;
  /** An action that ends something (its OK button in red). */
  danger?: boolean;
  max?: number;
  /** Empties the reason after each submit; false keeps it when the action failed and the dialog stays. */
  clearAfter?: boolean;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title ?? t('reason.title')}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger }}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => {
        form.validateFields().then(
          async ({ reason }) => {
            setBusy(true);
            try {
              await onSubmit(reason.trim());
              if (clearAfter) form.resetFields();
            } finally {
              setBusy(false);
            }
          },
          () => undefined,
        );
      }}
    >
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label ?? t('reason.label')}
          rules={[{ required: true, whitespace: true, message: t('reason.required') }, { max }]}
        >
          <Input.TextArea rows={3} maxLength={max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Rejects the record `rejecting` names with a reason the user sees: `reject` sends it, `done` is
 * said, the dialog closes and `onRejected` follows; a refusal shows the server's message, keeps
 * the dialog and runs `onFailed`.
 */
export function RejectModal({
  rejecting,
  onClose,
  reject,
  done,
  onRejected,
  onFailed,
}: {
  rejecting: string | null;
  onClose: () => void;
  reject: (id: string, reason: string) => Promise<unknown>;
  done: string;
  onRejected: () => void;
  onFailed?: () => void;
}) {
  const { message } = App.useApp();
  const fail = useFail();
  return (
    <ReasonModal
      open={rejecting !== null}
      onCancel={onClose}
      onSubmit={async (reason) => {
        if (rejecting === null) return;
        try {
          await reject(rejecting, reason);
          void message.success(done);
          onClose();
          onRejected();
        } catch (error) {
          fail(error);
          onFailed?.();
        }
      }}
    />
  );
}
