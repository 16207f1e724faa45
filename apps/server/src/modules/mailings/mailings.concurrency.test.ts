import { CODES, applyCardMailing, buyCard, listMyCards, saveAddress } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  createPlan,
  fundUser,
  idempotencyKey,
  registerUser,
  useTestApp,
  verifyUser,
  api,
} from '../../../test/harness.js';
import { runOps } from '../../ops/cli.js';

const t = useTestApp();

async function cardHolder() {
  const user = await registerUser(t);
  await verifyUser(t, user.userId);
  await fundUser(t, user.userId, 100_000);
  const planId = await createPlan(t);
  await api(t, buyCard, {
    token: user.token,
    body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey() },
  });
  const cards = await api(t, listMyCards, { token: user.token });
  const address = await api(t, saveAddress, {
    token: user.token,
    body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'Card Street 1' },
  });
  return { ...user, cardId: cards.data[0]!.id, addressId: address.data.id };
}

async function ops(...argv: string[]) {
  const err: string[] = [];
  const code = await runOps(argv, { services: t.app.services, out: () => undefined, err: (line) => err.push(line) });
  return { code, err: err.join('\n') };
}

describe('card mailings under concurrent requests', () => {
  it('makes one mailing of 12 parallel applications for one card; the others are told it exists', async () => {
    const holder = await cardHolder();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api(t, applyCardMailing, {
          token: holder.token,
          language: 'zh-Hans',
          body: { cardId: holder.cardId, addressId: holder.addressId },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(11);
    for (const answer of refused) expect(answer).toMatchObject({ status: 200, code: CODES.CONFLICT });
    expect(new Set(refused.map((answer) => answer.message)).size).toBe(1);
    const rows = await t.db.selectFrom('card_mailings').selectAll().where('card_id', '=', holder.cardId).execute();
    expect(rows).toHaveLength(1);
  });

  it('ships a mailing once when two operators ship it at the same moment; the other is told it is shipped', async () => {
    const holder = await cardHolder();
    const mailing = await api(t, applyCardMailing, {
      token: holder.token,
      body: { cardId: holder.cardId, addressId: holder.addressId },
    });
    const ship = (operator: string) =>
      ops(
        'mailings',
        'ship',
        mailing.data.id,
        '--carrier',
        'EMS',
        '--tracking',
        operator,
        '--operator',
        operator,
        '--yes',
      );
    const results = await Promise.all([ship('ann'), ship('bob'), ship('cyd')]);
    expect(results.filter((result) => result.code === 0)).toHaveLength(1);
    for (const result of results.filter((r) => r.code !== 0)) {
      expect(result).toMatchObject({ code: 1, err: `Card mailing ${mailing.data.id} is shipped, not requested` });
    }
    const actions = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject_id', '=', mailing.data.id)
      .execute();
    expect(actions).toHaveLength(1);
  });
});
