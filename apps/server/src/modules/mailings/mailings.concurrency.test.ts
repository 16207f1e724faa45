import { CODES, applyCardMailing } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, mailingApplicant, useTestApp } from '../../../test/harness.js';
import { opsOn } from '../../../test/ops.js';

const t = useTestApp();

const cardHolder = () => mailingApplicant(t);

const ops = opsOn(t);

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
