import {
  EARNING_RULE_NAMES,
  EarningRulesSchema,
  consolePublishRules,
  consoleRuleVersions,
  type EarningRules,
  type ResponseOf,
} from '@stride/contract';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { ListTable } from '../components/status-queue';
import { useBusy } from '../components/use-busy';
import { useLoad } from '../components/use-load';
import { count, dateTime, day, money } from '../lib/format';
import { usePageTexts, type PageTranslate } from '../lib/page-texts';
import { call } from '../lib/request';
import { EARNING_RULES_PAGE } from '../locales/areas/earning-rules-page';
import type { ConsoleLanguage } from '../locales';

type List = ResponseOf<typeof consoleRuleVersions>;
type Version = List['versions'][number];
type Rule = keyof EarningRules;
type Key = keyof typeof EARNING_RULES_PAGE.en;

const EMPTY: List = { today: '', noticeDays: 0, bookVersion: 0, versions: [] };

/** Rules of money, shown and typed in yuan with two decimals and sent in minor units (as the card plans' prices). */
const MONEY_RULES: ReadonlySet<Rule> = new Set([
  'exchangeCashPerUnit',
  'withdrawFeeMin',
  'withdrawMin',
  'withdrawDailyMax',
]);
const PERMILLE_RULE: Rule = 'withdrawFeePermille';

/** The form: each rule as typed (money in yuan) and the first day. */
type PublishForm = Record<Rule, number> & { effectiveOn: string };

export function toForm(rules: EarningRules, effectiveOn: string): PublishForm {
  const form = { effectiveOn } as PublishForm;
  for (const rule of EARNING_RULE_NAMES) form[rule] = MONEY_RULES.has(rule) ? rules[rule] / 100 : rules[rule];
  return form;
}

export function toRules(form: PublishForm): EarningRules {
  const rules = {} as EarningRules;
  for (const rule of EARNING_RULE_NAMES)
    rules[rule] = MONEY_RULES.has(rule) ? Math.round(form[rule] * 100) : form[rule];
  return rules;
}

/** A service day (`YYYY-MM-DD`) moved by whole days. */
export function addDays(ymd: string, days: number): string {
  const at = Date.parse(`${ymd}T00:00:00Z`);
  return Number.isNaN(at) ? ymd : new Date(at + days * 86_400_000).toISOString().slice(0, 10);
}

function ruleValue(rule: Rule, value: number, language: ConsoleLanguage): string {
  if (MONEY_RULES.has(rule)) return money(value, language);
  return rule === PERMILLE_RULE ? `${count(value, language)}‰` : count(value, language);
}

function ruleLabel(rule: Rule, f: PageTranslate<Key>): string {
  const name = f(`rules.name.${rule}`);
  if (MONEY_RULES.has(rule)) return f('rules.inYuan', { name });
  return rule === PERMILLE_RULE ? f('rules.inPermille', { name }) : name;
}

const STATE_COLORS: Readonly<Record<Version['state'], string>> = {
  upcoming: 'blue',
  current: 'green',
  past: 'default',
};

/** What the form starts from: the newest upcoming version, else the one in force. */
function basisOf(list: List): Version | undefined {
  return (
    list.versions.find((each) => each.state === 'upcoming') ?? list.versions.find((each) => each.state === 'current')
  );
}

/**
 * Finance: the earning rules' published versions, newest first, and a form that publishes the next one
 * (docs/console/earning-rules.md). A change worse for users applies no sooner than the notice period after today, a
 * better one from today; the list's `bookVersion` goes with it, and a version published meanwhile answers 1017.
 */
export default function EarningRulesPage() {
  const { f, language } = usePageTexts(EARNING_RULES_PAGE);
  const { message } = App.useApp();
  const load = useCallback(() => call(consoleRuleVersions, {}), []);
  const list = useLoad(load, 'rules', EMPTY);
  const { data, reload } = list;
  // A refusal shows the server's message (useFail) and the list reloads: a stale book version (1017) is fresh then.
  const { busy, run } = useBusy(reload);
  const [form] = Form.useForm<PublishForm>();
  const basis = basisOf(data);
  const earliestWorse = data.today ? addDays(data.today, data.noticeDays) : '';

  // The form starts from the newest version each time the list names another one (not on a reload after a refusal,
  // which keeps what the operator typed).
  const startedFrom = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = basis ? `${basis.id}:${data.bookVersion}` : undefined;
    if (!basis || startedFrom.current === key) return;
    startedFrom.current = key;
    // A new version starts after the newest one: the day after it when that is later than the notice allows.
    const afterNewest = addDays(basis.effectiveOn, 1);
    form.setFieldsValue(toForm(basis.rules, afterNewest > earliestWorse ? afterNewest : earliestWorse));
  }, [basis, data.bookVersion, earliestWorse, form]);

  function publish() {
    form.validateFields().then(
      (values) =>
        run(async () => {
          const published = await call(consolePublishRules, {
            body: { effectiveOn: values.effectiveOn, rules: toRules(values), bookVersion: data.bookVersion },
          });
          void message.success(f('rules.published', { day: day(published.effectiveOn, language) }));
          reload();
        }),
      () => undefined,
    );
  }

  const required = [{ required: true, message: f('rules.required') }];
  return (
    <>
      <ListTable
        list={{ data: data.versions, loading: list.loading, reload }}
        notice={f('rules.notice', { days: data.noticeDays })}
        emptyText={f('rules.empty')}
        columns={[
          {
            title: f('rules.col.effectiveOn'),
            dataIndex: 'effectiveOn',
            render: (value: string) => day(value, language),
          },
          {
            title: f('rules.col.state'),
            dataIndex: 'state',
            render: (value: Version['state']) => <Tag color={STATE_COLORS[value]}>{f(`rules.state.${value}`)}</Tag>,
          },
          {
            title: f('rules.col.changes'),
            key: 'changes',
            render: (_value, row: Version) =>
              row.changes.length === 0 ? (
                <Typography.Text type="secondary">{f('rules.first')}</Typography.Text>
              ) : (
                <Space orientation="vertical" size={0}>
                  {row.changes.map((change) => (
                    <span key={change.rule}>
                      {f('rules.change', {
                        rule: f(`rules.name.${change.rule}`),
                        from: ruleValue(change.rule, change.from, language),
                        to: ruleValue(change.rule, change.to, language),
                      })}{' '}
                      {change.worse ? <Tag color="red">{f('rules.worse')}</Tag> : null}
                    </span>
                  ))}
                </Space>
              ),
          },
          { title: f('rules.col.publishedBy'), dataIndex: 'publishedBy' },
          {
            title: f('rules.col.publishedAt'),
            dataIndex: 'publishedAt',
            render: (value: string) => dateTime(value, language),
          },
          {
            title: f('rules.col.toldAt'),
            dataIndex: 'toldAt',
            render: (value: string | null) => (value ? dateTime(value, language) : <Tag>{f('rules.telling')}</Tag>),
          },
        ]}
      />
      <Card title={f('rules.publishTitle')} style={{ marginTop: 24 }}>
        {basis ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={f('rules.publishIntro', { day: day(basis.effectiveOn, language) })}
          />
        ) : null}
        <Form form={form} layout="vertical" requiredMark={false}>
          <Space wrap size="middle">
            {EARNING_RULE_NAMES.map((rule) => {
              const limits = EarningRulesSchema.shape[rule];
              const scale = MONEY_RULES.has(rule) ? 100 : 1;
              return (
                <Form.Item key={rule} name={rule} label={ruleLabel(rule, f)} rules={required}>
                  <InputNumber
                    min={(limits.minValue ?? 0) / scale}
                    max={(limits.maxValue ?? Number.MAX_SAFE_INTEGER) / scale}
                    precision={MONEY_RULES.has(rule) ? 2 : 0}
                  />
                </Form.Item>
              );
            })}
          </Space>
          <Form.Item
            name="effectiveOn"
            label={f('rules.effectiveOn')}
            rules={required}
            extra={f('rules.effectiveOnHint', {
              today: day(data.today, language),
              days: data.noticeDays,
              earliest: day(earliestWorse, language),
            })}
          >
            <Input type="date" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Button type="primary" loading={busy} disabled={list.loading} onClick={publish}>
            {f('rules.publish')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
