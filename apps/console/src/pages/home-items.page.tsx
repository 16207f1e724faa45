import {
  consoleCreateHomeItem,
  consoleEditHomeItem,
  consoleHomeItems,
  consoleRemoveHomeItem,
  isHomeLinkTarget,
  QUICK_ENTRY_ICONS,
  type ConsoleHomeItem,
  type HomeItemKind,
} from '@stride/contract';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, InputNumber, Radio, Space, Switch, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ContentLanguages, languageValues, type LanguageValues } from '../components/content-languages';
import { useListRun } from '../components/use-busy';
import { useFail } from '../components/use-fail';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { useI18n } from '../lib/i18n-context';
import { call, uploadImage } from '../lib/request';
import './home-items.css';
import { EditModal } from '../components/edit-modal';

interface ItemForm extends LanguageValues {
  kind: HomeItemKind;
  title: string;
  image: string;
  target: string;
  position: number;
  active: boolean;
}

const NONE: ConsoleHomeItem[] = [];
const loadItems = () => call(consoleHomeItems, {});

/** The web app's quick-entry icons (apps/web features/home), drawn the same way for the preview. */
const ICON_PATHS: Readonly<Record<string, string>> = {
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  wallet: 'M3 7h16v12H3zM3 7l12-3v3M15 13h4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  exchange: 'M4 8h14l-3-3M20 16H6l3 3',
  invite: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M17 8v6M14 11h6',
  shop: 'M4 8h16l-1 12H5zM9 8V6a3 3 0 0 1 6 0v2',
};

const isImage = (value: string) => /^(https:|data:image\/|\/media\/)/.test(value);

function EntryIcon({ icon, title }: { icon: string; title: string }) {
  if (isImage(icon)) return <img className="home-preview__icon" src={icon} alt="" />;
  const path = ICON_PATHS[icon];
  if (!path)
    return <span className="home-preview__icon home-preview__icon--letter">{Array.from(title)[0] ?? '·'}</span>;
  return (
    <svg className="home-preview__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Home as a phone shows it, roughly: the shown banners in order, then the quick entries. */
function Preview({ items }: { items: readonly ConsoleHomeItem[] }) {
  const { t } = useI18n();
  const shown = items.filter((item) => item.active).sort((a, b) => a.position - b.position);
  const banners = shown.filter((item) => item.kind === 'banner');
  const entries = shown.filter((item) => item.kind === 'entry');
  return (
    <Card size="small" title={t('homeItems.preview')} className="home-preview" data-testid="home-preview">
      <div className="home-preview__phone">
        {banners.length + entries.length === 0 ? (
          <Typography.Text type="secondary">{t('homeItems.previewEmpty')}</Typography.Text>
        ) : null}
        {banners.length > 0 ? (
          <div className="home-preview__banners">
            {banners.map((banner) => (
              <img key={banner.id} className="home-preview__banner" src={banner.image} alt={banner.title} />
            ))}
          </div>
        ) : null}
        {entries.length > 0 ? (
          <div className="home-preview__entries">
            {entries.map((entry) => (
              <div key={entry.id} className="home-preview__entry">
                <EntryIcon icon={entry.image} title={entry.title} />
                <span>{entry.title}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * An image's address, with an upload button and a preview: a banner's own picture (or an entry's
 * icon), or a banner's picture in another language (decision 084 "Content per language"). The form gives `value` and
 * `onChange`.
 */
function ImageInput({
  kind,
  label,
  placeholder,
  value = '',
  onChange,
}: {
  readonly kind: HomeItemKind;
  readonly label: string;
  readonly placeholder?: string;
  readonly value?: string;
  readonly onChange?: (value: string) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          autoComplete="off"
          aria-label={label}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
        />
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            uploadImage(file as Blob).then(
              (url) => {
                onChange?.(url);
                void message.success(t('homeItems.uploaded'));
                onSuccess?.(url);
              },
              (error: unknown) => {
                fail(error);
                onError?.(error instanceof Error ? error : new Error(String(error)));
              },
            );
          }}
        >
          <Button icon={<UploadOutlined />}>{t('homeItems.upload')}</Button>
        </Upload>
      </Space.Compact>
      {isImage(value) ? (
        <img
          className={kind === 'banner' ? 'home-items__form-banner' : 'home-items__form-icon'}
          src={value}
          alt=""
          data-testid="image-preview"
        />
      ) : null}
    </Space>
  );
}

function ImageField({ kind }: { kind: HomeItemKind }) {
  const { t } = useI18n();
  return (
    <Form.Item
      label={kind === 'banner' ? t('homeItems.image') : t('homeItems.icon')}
      extra={
        kind === 'banner' ? t('homeItems.imageHint') : t('homeItems.iconHint', { icons: QUICK_ENTRY_ICONS.join(', ') })
      }
    >
      <Form.Item name="image" noStyle rules={[{ required: true, message: t('homeItems.required') }]}>
        <ImageInput kind={kind} label={t('homeItems.image')} />
      </Form.Item>
    </Form.Item>
  );
}

/**
 * What an item sends in its other languages: a banner's title and picture, an entry's title only
 * (its icon is the same in every language; decision 084 "Content per language").
 */
export function sentTranslations(kind: HomeItemKind, translations: ItemForm['translations'] | undefined) {
  if (kind === 'banner' || !translations) return translations;
  return Object.fromEntries(
    Object.entries(translations).map(([language, fields]) => [language, { title: fields?.title }]),
  ) as ItemForm['translations'];
}

/** Editors: home's banners and quick entries, their images, links, order and visibility. */
export default function HomeItemsPage() {
  const { t } = useI18n();
  const { message, modal } = App.useApp();
  const list = useLoad(loadItems, 'list', NONE);
  const { data: rows, reload } = list;
  const [editing, setEditing] = useState<ConsoleHomeItem | 'new' | null>(null);
  const { busy, run } = useListRun(reload, { close: () => setEditing(null) });
  const [form] = Form.useForm<ItemForm>();
  const kind = Form.useWatch('kind', form) ?? 'banner';

  function open(target: ConsoleHomeItem | 'new') {
    form.resetFields();
    form.setFieldsValue(
      target === 'new'
        ? {
            kind: 'banner',
            title: '',
            image: '',
            target: '',
            position: rows.length,
            active: true,
            ...languageValues(),
          }
        : { ...target, ...languageValues(target) },
    );
    setEditing(target);
  }

  function fields(item: ConsoleHomeItem) {
    return { title: item.title, image: item.image, target: item.target, position: item.position, active: item.active };
  }

  function save() {
    const target = editing;
    if (target === null) return;
    form.validateFields().then(
      (values) =>
        run(
          () => {
            const body = {
              title: values.title.trim(),
              image: values.image.trim(),
              target: values.target.trim(),
              position: values.position,
              active: values.active,
              defaultLanguage: values.defaultLanguage,
              translations: sentTranslations(target === 'new' ? values.kind : target.kind, values.translations),
            };
            return target === 'new'
              ? call(consoleCreateHomeItem, { body: { ...body, kind: values.kind } })
              : call(consoleEditHomeItem, { params: { id: target.id }, body: { ...body, version: target.version } });
          },
          () => {
            setEditing(null);
            void message.success(t('homeItems.saved'));
          },
        ),
      () => undefined,
    );
  }

  function toggle(item: ConsoleHomeItem) {
    void run(
      () =>
        call(consoleEditHomeItem, {
          params: { id: item.id },
          body: { ...fields(item), active: !item.active, version: item.version },
        }),
      () => void message.success(t('homeItems.saved')),
    );
  }

  function remove(item: ConsoleHomeItem) {
    modal.confirm({
      title: t('homeItems.removeConfirm', { title: item.title }),
      okText: t('homeItems.remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        run(
          () => call(consoleRemoveHomeItem, { params: { id: item.id }, body: { version: item.version } }),
          () => void message.success(t('homeItems.removed')),
        ),
    });
  }

  return (
    <div className="home-items">
      <div className="home-items__list">
        <ListTable
          list={list}
          tools={
            <>
              <Button type="primary" onClick={() => open('new')}>
                {t('homeItems.create')}
              </Button>
            </>
          }
          columns={[
            {
              title: t('homeItems.image'),
              dataIndex: 'image',
              render: (image: string, row) =>
                row.kind === 'banner' ? (
                  <img className="home-items__thumb" src={image} alt="" />
                ) : (
                  <span className="home-items__thumb-icon">
                    <EntryIcon icon={image} title={row.title} />
                  </span>
                ),
            },
            {
              title: t('homeItems.title'),
              dataIndex: 'title',
              render: (title: string, row) => (
                <Space direction="vertical" size={2}>
                  <Space size={4}>
                    {row.kind === 'banner' ? (
                      <Tag color="blue">{t('homeItems.banner')}</Tag>
                    ) : (
                      <Tag color="purple">{t('homeItems.entry')}</Tag>
                    )}
                    <Typography.Text strong>{title}</Typography.Text>
                  </Space>
                  <Typography.Text code type="secondary">
                    {row.target}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: t('homeItems.position'), dataIndex: 'position', align: 'right' },
            {
              title: t('homeItems.active'),
              dataIndex: 'active',
              render: (active: boolean) =>
                active ? <Tag color="green">{t('homeItems.active')}</Tag> : <Tag>{t('homeItems.hidden')}</Tag>,
            },
          ]}
          actions={(row) => (
            <Space size={0}>
              <Button type="link" onClick={() => open(row)}>
                {t('homeItems.edit')}
              </Button>
              <Button type="link" onClick={() => toggle(row)}>
                {row.active ? t('homeItems.hide') : t('homeItems.show')}
              </Button>
              <Button danger type="link" onClick={() => remove(row)}>
                {t('homeItems.remove')}
              </Button>
            </Space>
          )}
        />
      </div>
      <Preview items={rows} />
      <EditModal
        busy={busy}
        open={editing !== null}
        width={640}
        title={
          editing === 'new' || editing === null
            ? t('homeItems.create')
            : t('homeItems.editTitle', { title: editing.title })
        }
        onOk={save}
        onCancel={() => setEditing(null)}
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="kind" label={t('homeItems.kind')}>
            <Radio.Group disabled={editing !== 'new'}>
              <Radio.Button value="banner">{t('homeItems.banner')}</Radio.Button>
              <Radio.Button value="entry">{t('homeItems.entry')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="title"
            label={t('homeItems.title')}
            rules={[{ required: true, whitespace: true, message: t('homeItems.required') }, { max: 140 }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <ImageField kind={kind} />
          <Form.Item
            name="target"
            label={t('homeItems.target')}
            extra={t('homeItems.targetHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  isHomeLinkTarget((value ?? '').trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('homeItems.targetRule'))),
              },
            ]}
          >
            <Input autoComplete="off" placeholder="/pages/invest/index" />
          </Form.Item>
          <Space size="large">
            <Form.Item name="position" label={t('homeItems.position')} rules={[{ required: true }]}>
              <InputNumber min={0} max={10000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label={t('homeItems.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <ContentLanguages
            fields={[
              { name: 'title', label: t('homeItems.title'), max: 140 },
              // A banner's picture may have words in it: one per language (decision 084 "Content per language").
              ...(kind === 'banner'
                ? [
                    {
                      name: 'image',
                      label: t('homeItems.image'),
                      max: 2000,
                      input: (label: string) => (
                        <ImageInput kind="banner" label={label} placeholder={t('homeItems.imageFallback')} />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Form>
      </EditModal>
    </div>
  );
}
