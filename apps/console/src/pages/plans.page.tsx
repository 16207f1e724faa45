import {
  cashBackOverTerm,
  consoleCardPlans,
  consoleCreateCardPlan,
  consoleEditCardPlan,
  consoleRetireCardPlan,
  paysBackMoreThanPrice,
  type CardPlanTerms,
  type ConsoleCardPlan,
} from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { ContentLanguages, languageValues, type LanguageValues } from '../components/content-languages';
import { useListRun } from '../components/use-busy';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { dateTime, money } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { usePageTexts } from '../lib/page-texts';
import { call, ConsoleError } from '../lib/request';
import { EditModal } from '../components/edit-modal';
import { PLANS_PAGE } from '../locales/areas/plans-page';

type Status = 'onSale' | 'retired' | 'all';

/** The form shows yuan; the contract takes minor units. */
interface PlanForm extends LanguageValues {
  name: string;
  price: number;
  days: number;
  dailyTarget: number;
  dailyCashBack: number;
  multiplierPercent: number;
  position: number;
  /** Finance's confirmation of terms that pay back more than the price over the term. */
  confirmLoss?: boolean;
}

const NONE: ConsoleCardPlan[] = [];

export function toTerms(form: PlanForm): CardPlanTerms {
  const terms: CardPlanTerms = {
    name: form.name.trim(),
    price: Math.round(form.price * 100),
    days: form.days,
    dailyTarget: form.dailyTarget,
    dailyCashBack: Math.round(form.dailyCashBack * 100),
    multiplierPercent: form.multiplierPercent,
    position: form.position,
    defaultLanguage: form.defaultLanguage,
    translations: form.translations,
  };
  // Sent only for the terms it confirms (docs/console/plans-and-home.md).
  return form.confirmLoss === true && paysBackMoreThanPrice(terms) ? { ...terms, confirmLoss: true } : terms;
}

function toForm(plan: ConsoleCardPlan): PlanForm {
  return {
    name: plan.name,
    price: plan.price / 100,
    days: plan.days,
    dailyTarget: plan.dailyTarget,
    dailyCashBack: plan.dailyCashBack / 100,
    multiplierPercent: plan.multiplierPercent,
    position: plan.position,
    confirmLoss: false,
    ...languageValues(plan),
  };
}

const BLANK: PlanForm = {
  name: '',
  price: 99,
  days: 30,
  dailyTarget: 6000,
  dailyCashBack: 3,
  multiplierPercent: 120,
  position: 0,
  confirmLoss: false,
  ...languageValues(),
};

/**
 * Terms whose cash back over the term is more than the price: said with the figures, and finance's confirmation asked
 * for (without it the server refuses them, and the refusal shows above the form).
 */
function LossConfirmation() {
  const { f, language } = usePageTexts(PLANS_PAGE);
  const form = Form.useFormInstance<PlanForm>();
  const [price, days, daily] = [
    Form.useWatch('price', form),
    Form.useWatch('days', form),
    Form.useWatch('dailyCashBack', form),
  ] as (number | null | undefined)[];
  if (typeof price !== 'number' || typeof days !== 'number' || typeof daily !== 'number') return null;
  const terms = { price: Math.round(price * 100), days, dailyCashBack: Math.round(daily * 100) };
  if (!paysBackMoreThanPrice(terms)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={f('plans.loss', {
        days,
        total: money(cashBackOverTerm(terms), language),
        price: money(terms.price, language),
      })}
      description={
        <Form.Item name="confirmLoss" valuePropName="checked" noStyle>
          <Checkbox>{f('plans.confirmLoss')}</Checkbox>
        </Form.Item>
      }
    />
  );
}

function PlanFields() {
  const { t } = useI18n();
  const required = [{ required: true, message: t('plans.required') }];
  return (
    <>
      <Form.Item name="name" label={t('plans.name')} rules={[...required, { max: 64 }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Space wrap size="middle">
        <Form.Item name="price" label={t('plans.price')} rules={required}>
          <InputNumber min={0.01} max={100000} precision={2} step={1} />
        </Form.Item>
        <Form.Item name="days" label={t('plans.days')} rules={required}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <Form.Item name="dailyTarget" label={t('plans.dailyTarget')} rules={required}>
          <InputNumber min={1} max={100000} precision={0} step={500} />
        </Form.Item>
        <Form.Item
          name="dailyCashBack"
          label={t('plans.dailyCashBack')}
          dependencies={['price']}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null) =>
                value === null || value === undefined || value <= (getFieldValue('price') as number)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('plans.cashBackRule'))),
            }),
          ]}
        >
          <InputNumber min={0} max={100000} precision={2} step={0.5} />
        </Form.Item>
        <Form.Item name="multiplierPercent" label={t('plans.multiplier')} rules={required}>
          <InputNumber min={100} max={1000} precision={0} step={10} />
        </Form.Item>
        <Form.Item name="position" label={t('plans.position')} rules={required}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
      </Space>
      <ContentLanguages fields={[{ name: 'name', label: t('plans.name'), max: 64 }]} />
      <LossConfirmation />
    </>
  );
}

/**
 * Finance: the card plans users buy. An edit puts a new version on sale and retires the old one,
 * whose cards and pending orders keep its terms (decision 025 "Card plans and the home page in the console"); a stale
 * version is refused (1017).
 */
export default function PlansPage() {
  const { t, f, language } = usePageTexts(PLANS_PAGE);
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState<Status>('onSale');
  // The server's refusal of the last save (a plan that pays back more than its price, unconfirmed), shown in the form.
  const [refusal, setRefusal] = useState<string | null>(null);
  const load = useCallback(() => call(consoleCardPlans, { query: { status } }), [status]);
  const list = useLoad(load, status, NONE);
  const { reload } = list;
  // null: closed; 'new': creating; a plan: editing that version.
  const [editing, setEditing] = useState<ConsoleCardPlan | 'new' | null>(null);
  const [form] = Form.useForm<PlanForm>();
  // On a stale edit the server's message shows, the dialog closes and the list reloads.
  const { busy, run } = useListRun(reload, { close: () => setEditing(null), notice: t('plans.staleReloaded') });

  function open(target: ConsoleCardPlan | 'new') {
    form.setFieldsValue(target === 'new' ? BLANK : toForm(target));
    setRefusal(null);
    setEditing(target);
  }

  function save() {
    const target = editing;
    if (target === null) return;
    form.validateFields().then(
      (values) =>
        run(
          async () => {
            const terms = toTerms(values);
            setRefusal(null);
            const saved = await (
              target === 'new'
                ? call(consoleCreateCardPlan, { body: terms })
                : call(consoleEditCardPlan, { params: { id: target.id }, body: { version: target.version, terms } })
            ).catch((error: unknown) => {
              if (error instanceof ConsoleError && error.code === CODES.BUSINESS_RULE) setRefusal(error.message);
              throw error;
            });
            void message.success(
              target === 'new'
                ? t('plans.created', { name: saved.name })
                : t('plans.edited', { name: saved.name, version: saved.version }),
            );
          },
          () => setEditing(null),
        ),
      () => undefined,
    );
  }

  function retire(plan: ConsoleCardPlan) {
    modal.confirm({
      title: t('plans.retireConfirm', { name: plan.name }),
      content: t('plans.retireNote'),
      okText: t('plans.retire'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        run(
          () => call(consoleRetireCardPlan, { params: { id: plan.id }, body: { version: plan.version } }),
          () => void message.success(t('plans.retiredDone', { name: plan.name })),
        ),
    });
  }

  return (
    <>
      <ListTable
        list={list}
        wrap
        tools={
          <>
            <Button type="primary" onClick={() => open('new')}>
              {t('plans.create')}
            </Button>
            <Segmented<Status>
              value={status}
              onChange={setStatus}
              options={[
                { value: 'onSale', label: t('plans.onSale') },
                { value: 'retired', label: t('plans.retired') },
                { value: 'all', label: t('plans.all') },
              ]}
            />
          </>
        }
        emptyText={t('plans.empty')}
        columns={[
          {
            title: t('plans.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space>
                <Typography.Text strong>{name}</Typography.Text>
                <Tag>v{row.version}</Tag>
              </Space>
            ),
          },
          {
            title: t('plans.col.price'),
            dataIndex: 'price',
            align: 'right',
            render: (value: number) => money(value, language),
          },
          { title: t('plans.days'), dataIndex: 'days', align: 'right' },
          { title: t('plans.col.target'), dataIndex: 'dailyTarget', align: 'right' },
          {
            title: t('plans.col.cashBack'),
            dataIndex: 'dailyCashBack',
            align: 'right',
            render: (value: number) => money(value, language),
          },
          {
            title: t('plans.col.multiplier'),
            dataIndex: 'multiplierPercent',
            align: 'right',
            render: (value: number) => `×${(value / 100).toFixed(2)}`,
          },
          { title: t('plans.col.position'), dataIndex: 'position', align: 'right' },
          { title: t('plans.sold'), dataIndex: 'cardsSold', align: 'right' },
          { title: t('plans.pending'), dataIndex: 'pendingOrders', align: 'right' },
          {
            title: t('plans.status'),
            dataIndex: 'status',
            render: (value: ConsoleCardPlan['status'], row) =>
              value === 'onSale' ? (
                <Tag color="green">{t('plans.onSale')}</Tag>
              ) : (
                <Space direction="vertical" size={0}>
                  <Tag>{t('plans.retired')}</Tag>
                  {row.retiredAt ? (
                    <Typography.Text type="secondary">{dateTime(row.retiredAt, language)}</Typography.Text>
                  ) : null}
                </Space>
              ),
          },
        ]}
        actions={(row) =>
          row.status === 'onSale' ? (
            <Space size={0}>
              <Button type="link" onClick={() => open(row)}>
                {t('plans.edit')}
              </Button>
              <Button type="link" danger onClick={() => retire(row)}>
                {t('plans.retire')}
              </Button>
            </Space>
          ) : null
        }
      />
      <EditModal
        busy={busy}
        open={editing !== null}
        width={720}
        title={
          editing === 'new' || editing === null
            ? t('plans.create')
            : t('plans.editTitle', { name: editing.name, version: editing.version })
        }
        onOk={save}
        onCancel={() => setEditing(null)}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            editing === 'new' || editing === null
              ? t('plans.createNote')
              : t('plans.editNote', { version: editing.version, next: editing.version + 1, sold: editing.cardsSold })
          }
        />
        {refusal ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={f('plans.refused', { message: refusal })}
          />
        ) : null}
        <Form form={form} layout="vertical" requiredMark={false}>
          <PlanFields />
        </Form>
      </EditModal>
    </>
  );
}
