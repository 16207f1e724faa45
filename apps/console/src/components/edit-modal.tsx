import { Modal, type ModalProps } from 'antd';
import { useI18n } from '../lib/i18n-context';

/**
 * A dialog editing a record in a form, "OK" unless told otherwise. It renders while closed, so a
 * screen fills its form before opening it.
 */
export function EditModal({ busy, okText, children, ...modal }: ModalProps & { readonly busy: boolean }) {
  const { t } = useI18n();
  return (
    <Modal okText={okText ?? t('ok')} cancelText={t('cancel')} confirmLoading={busy} forceRender {...modal}>
      {children}
    </Modal>
  );
}
