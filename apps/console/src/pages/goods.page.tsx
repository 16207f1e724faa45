import {
  consoleShopCategories,
  consoleShopCategoryCreate,
  consoleShopCategoryUpdate,
  type ConsoleCategory,
  consoleShopGoods,
  consoleShopGoodsCreate,
  consoleShopGoodsUpdate,
  type ConsoleGoods,
} from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { App, Button, Form, Input, InputNumber, Select, Space, Switch, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { ContentLanguages, languageValues, type LanguageValues } from '../components/content-languages';
import { GoodsImages } from '../components/merchant/goods-images';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { count } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call, ConsoleError } from '../lib/request';
import { timeColumn } from '../components/columns';
import { EditModal } from '../components/edit-modal';

const NO_CATEGORIES: ConsoleCategory[] = [];
const NO_GOODS = { items: [] as ConsoleGoods[], total: 0, page: 1, pageSize: 20, hasMore: false };
const loadCategories = () => call(consoleShopCategories, {});

interface GoodsForm extends LanguageValues {
  categoryId: string;
  name: string;
  description: string;
  points: number;
  stock: number;
  position: number;
  onSale: boolean;
  images: string[];
}

/**
 * Runs a save; a stale edit (1017) shows the server's message and reloads, so the operator sees
 * what the other save left and can make the change again.
 */
function useSave(reload: () => void) {
  const fail = useFail();
  const { message } = App.useApp();
  const { t } = useI18n();
  return useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await action();
        void message.success(done);
        reload();
        return true;
      } catch (error) {
        fail(error);
        if (error instanceof ConsoleError && error.code === CODES.STALE_EDIT) {
          void message.info(t('goods.stale'));
          reload();
          return true;
        }
        return false;
      }
    },
    [fail, message, reload, t],
  );
}

function GoodsTab({ categories }: { categories: ConsoleCategory[] }) {
  const { t, language } = useI18n();
  const [filter, setFilter] = useState<{ categoryId?: string; onSale?: 'true' | 'false'; page: number }>({ page: 1 });
  const load = useCallback(
    () =>
      call(consoleShopGoods, {
        query: { page: filter.page, pageSize: PAGE_SIZE, categoryId: filter.categoryId, onSale: filter.onSale },
      }),
    [filter],
  );
  const { data, loading, reload } = useLoad(load, JSON.stringify(filter), NO_GOODS);
  const save = useSave(reload);
  const [editing, setEditing] = useState<ConsoleGoods | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<GoodsForm>();

  function open(goods: ConsoleGoods | 'new') {
    setEditing(goods);
    form.resetFields();
    form.setFieldsValue(
      goods === 'new'
        ? {
            categoryId: filter.categoryId ?? categories[0]?.id,
            description: '',
            position: 0,
            onSale: true,
            images: [],
            ...languageValues(),
          }
        : {
            categoryId: goods.categoryId,
            name: goods.name,
            description: goods.description,
            points: goods.points,
            stock: goods.stock,
            position: goods.position,
            onSale: goods.onSale,
            images: goods.images,
            ...languageValues(goods),
          },
    );
  }

  function submit() {
    if (editing === null) return;
    form.validateFields().then(
      async (values) => {
        setBusy(true);
        const body = { ...values, name: values.name.trim(), description: (values.description ?? '').trim() };
        const closed = await save(
          () =>
            editing === 'new'
              ? call(consoleShopGoodsCreate, { body })
              : call(consoleShopGoodsUpdate, {
                  params: { id: editing.id },
                  body: { ...body, version: editing.version },
                }),
          t('goods.saved'),
        );
        setBusy(false);
        if (closed) setEditing(null);
      },
      () => undefined,
    );
  }

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('goods.category')}
          style={{ minWidth: 180 }}
          value={filter.categoryId ?? ''}
          options={[
            { value: '', label: t('goods.allCategories') },
            ...categories.map((row) => ({ value: row.id, label: row.name })),
          ]}
          onChange={(value: string) => setFilter((old) => ({ ...old, categoryId: value || undefined, page: 1 }))}
        />
        <Select
          aria-label={t('goods.state')}
          style={{ minWidth: 150 }}
          value={filter.onSale ?? ''}
          options={[
            { value: '', label: t('goods.anySale') },
            { value: 'true', label: t('goods.onSale') },
            { value: 'false', label: t('goods.offSale') },
          ]}
          onChange={(value: string) =>
            setFilter((old) => ({ ...old, onSale: value === '' ? undefined : (value as 'true' | 'false'), page: 1 }))
          }
        />
        <Button onClick={reload}>{t('refresh')}</Button>
        <Button type="primary" disabled={categories.length === 0} onClick={() => open('new')}>
          {t('goods.create')}
        </Button>
      </Space>
      <ListTable
        loading={loading}
        dataSource={data.items}
        emptyText={categories.length === 0 ? t('category.empty') : t('goods.empty')}
        paged={{
          page: data.page,
          total: data.total,
          onPage: (page) => setFilter((old) => ({ ...old, page })),
          totalText: (total) => t('goods.total', { total: count(total, language) }),
        }}
        columns={[
          {
            title: t('goods.image'),
            key: 'image',
            render: (_value, row) =>
              row.images[0] ? (
                <img src={row.images[0]} alt={row.name} width={48} height={48} style={{ objectFit: 'cover' }} />
              ) : null,
          },
          { title: t('goods.name'), dataIndex: 'name' },
          { title: t('goods.category'), dataIndex: 'categoryName' },
          { title: t('goods.points'), dataIndex: 'points', align: 'right', render: (v: number) => count(v, language) },
          { title: t('goods.stock'), dataIndex: 'stock', align: 'right', render: (v: number) => count(v, language) },
          {
            title: t('goods.state'),
            dataIndex: 'onSale',
            render: (onSale: boolean) =>
              onSale ? <Tag color="green">{t('goods.onSale')}</Tag> : <Tag>{t('goods.offSale')}</Tag>,
          },
        ]}
        actions={(row) => (
          <Space>
            <Button onClick={() => open(row)}>{t('goods.edit')}</Button>
            <Button
              onClick={() =>
                void save(
                  () =>
                    call(consoleShopGoodsUpdate, {
                      params: { id: row.id },
                      body: { version: row.version, onSale: !row.onSale },
                    }),
                  t('goods.saved'),
                )
              }
            >
              {row.onSale ? t('goods.takeOffSale') : t('goods.putOnSale')}
            </Button>
          </Space>
        )}
      />
      <EditModal
        busy={busy}
        open={editing !== null}
        title={
          editing === 'new' || editing === null ? t('goods.createTitle') : t('goods.editTitle', { name: editing.name })
        }
        okText={t('goods.save')}
        width={640}
        onCancel={() => setEditing(null)}
        onOk={submit}
      >
        <Form form={form} name="goods" layout="vertical">
          <Form.Item
            name="categoryId"
            label={t('goods.category')}
            rules={[{ required: true, message: t('goods.required') }]}
          >
            <Select options={categories.map((row) => ({ value: row.id, label: row.name }))} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('goods.name')}
            rules={[{ required: true, whitespace: true, message: t('goods.required') }, { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('goods.description')} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item
              name="points"
              label={t('goods.points')}
              rules={[{ required: true, message: t('goods.required') }]}
            >
              <InputNumber min={1} max={10_000_000} precision={0} />
            </Form.Item>
            <Form.Item name="stock" label={t('goods.stock')} rules={[{ required: true, message: t('goods.required') }]}>
              <InputNumber min={0} max={1_000_000} precision={0} />
            </Form.Item>
            <Form.Item name="position" label={t('goods.position')}>
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="onSale" label={t('goods.onSale')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="images" label={t('goods.images')}>
            <GoodsImages />
          </Form.Item>
          <ContentLanguages
            fields={[
              { name: 'name', label: t('goods.name'), max: 100 },
              { name: 'description', label: t('goods.description'), max: 2000, multiline: true },
            ]}
          />
        </Form>
      </EditModal>
    </>
  );
}

function CategoriesTab({
  categories,
  loading,
  reload,
}: {
  categories: ConsoleCategory[];
  loading: boolean;
  reload: () => void;
}) {
  const { t, language } = useI18n();
  const save = useSave(reload);
  const [editing, setEditing] = useState<ConsoleCategory | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string; position: number; active: boolean } & LanguageValues>();

  function open(row: ConsoleCategory | 'new') {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { name: '', position: 0, active: true, ...languageValues() }
        : { name: row.name, position: row.position, active: row.active, ...languageValues(row) },
    );
  }

  function submit() {
    if (editing === null) return;
    form.validateFields().then(
      async (values) => {
        setBusy(true);
        const body = { ...values, name: values.name.trim() };
        const closed = await save(
          () =>
            editing === 'new'
              ? call(consoleShopCategoryCreate, { body })
              : call(consoleShopCategoryUpdate, {
                  params: { id: editing.id },
                  body: { ...body, version: editing.version },
                }),
          t('category.saved'),
        );
        setBusy(false);
        if (closed) setEditing(null);
      },
      () => undefined,
    );
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={reload}>{t('refresh')}</Button>
        <Button type="primary" onClick={() => open('new')}>
          {t('category.create')}
        </Button>
      </Space>
      <ListTable
        loading={loading}
        dataSource={categories}
        emptyText={t('category.empty')}
        columns={[
          { title: t('category.name'), dataIndex: 'name' },
          { title: t('category.position'), dataIndex: 'position', align: 'right' },
          {
            title: t('goods.state'),
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? <Tag color="green">{t('category.active')}</Tag> : <Tag>{t('category.inactive')}</Tag>,
          },
          timeColumn(t('goods.updatedAt'), 'createdAt', language),
        ]}
        actions={(row) => <Button onClick={() => open(row)}>{t('goods.edit')}</Button>}
      />
      <EditModal
        busy={busy}
        open={editing !== null}
        title={
          editing === 'new' || editing === null
            ? t('category.createTitle')
            : t('category.editTitle', { name: editing.name })
        }
        okText={t('goods.save')}
        onCancel={() => setEditing(null)}
        onOk={submit}
      >
        <Form form={form} name="category" layout="vertical">
          <Form.Item
            name="name"
            label={t('category.name')}
            rules={[{ required: true, whitespace: true, message: t('goods.required') }, { max: 64 }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="position" label={t('category.position')}>
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label={t('category.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <ContentLanguages fields={[{ name: 'name', label: t('category.name'), max: 64 }]} />
        </Form>
      </EditModal>
    </>
  );
}

/** Merchant: the shop's catalogue. Goods (with images) and categories, each save checked against its version. */
export default function GoodsPage() {
  const { t } = useI18n();
  const { data: categories, loading, reload } = useLoad(loadCategories, 'categories', NO_CATEGORIES);
  return (
    <Tabs
      items={[
        { key: 'goods', label: t('goods.tabGoods'), children: <GoodsTab categories={categories} /> },
        {
          key: 'categories',
          label: t('goods.tabCategories'),
          children: <CategoriesTab categories={categories} loading={loading} reload={reload} />,
        },
      ]}
    />
  );
}
