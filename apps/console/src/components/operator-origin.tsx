import type { IndependenceConflict, OperatorOrigin } from '@stride/contract';
import { Typography } from 'antd';
import type { Translate } from '../locales';
import { useI18n } from '../lib/i18n-context';

/**
 * How an operator came to its role (decision 074 "Independent second approvers"), after its name: "(created by C ·
 * finance or admin from D)"; nothing for an operator nobody made (the command line) or a name without an
 * account.
 */
export function OriginNote({ origin }: { origin: OperatorOrigin | null }) {
  const { t } = useI18n();
  if (!origin) return null;
  const parts = [
    origin.createdBy ? t('fourEyes.createdBy', { name: origin.createdBy }) : null,
    origin.rolesChangedBy ? t('fourEyes.rolesBy', { name: origin.rolesChangedBy }) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return <Typography.Text type="secondary">{` (${parts.join(' · ')})`}</Typography.Text>;
}

/** An operator's name followed by how it came to its role. */
export function OperatorName({ name, origin }: { name: string; origin: OperatorOrigin | null }) {
  return (
    <span>
      {name}
      <OriginNote origin={origin} />
    </span>
  );
}

/** Why the operator reading may not approve: the server's own refusal, said before the button is pressed. */
export function independenceHint(t: Translate, conflict: IndependenceConflict): string {
  return t(conflict.how === 'created' ? 'fourEyes.notIndependent.created' : 'fourEyes.notIndependent.roles', {
    operator: conflict.operator,
    by: conflict.by,
    date: conflict.at.slice(0, 10),
  });
}

/** The hint in place of an approval the server would refuse. */
export function NotIndependent({ conflict }: { conflict: IndependenceConflict }) {
  const { t } = useI18n();
  return (
    <Typography.Text type="warning" data-testid="not-independent" style={{ maxWidth: 260, display: 'inline-block' }}>
      {independenceHint(t, conflict)}
    </Typography.Text>
  );
}
