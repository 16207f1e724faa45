import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useI18n } from '../lib/i18n-context';

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
