import type { Shipment } from '@stride/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n-context';

/** Asks for the carrier and the tracking number (the contract's rules), then runs `onSubmit` with them. */
export function ShipModal({
  title,
  open,
  onCancel,
  onSubmit,
}: {
  title: string;
  open: boolean;
  onCancel: () => void;
  onSubmit: (shipment: Shipment) => Promise<void>;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<Shipment>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('ship.ship')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => {
        form.validateFields().then(
          async (values) => {
            setBusy(true);
            try {
              await onSubmit({ carrier: values.carrier.trim(), trackingNumber: values.trackingNumber.trim() });
            } finally {
              setBusy(false);
            }
          },
          () => undefined,
        );
      }}
    >
      <Form form={form} name="shipment" layout="vertical" preserve={false}>
        <Form.Item
          name="carrier"
          label={t('ship.carrier')}
          rules={[{ required: true, whitespace: true, message: t('goods.required') }, { max: 64 }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="trackingNumber"
          label={t('ship.trackingNumber')}
          rules={[
            { required: true, whitespace: true, message: t('goods.required') },
            { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: t('ship.trackingRule') },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
