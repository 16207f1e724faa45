import { CODES, claimPolicy, listPolicies } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, cardHolder, useTestApp, PAYMENT_PASSWORD } from '../../../test/harness.js';

const t = useTestApp();

describe('insurance policies under concurrent claims', () => {
  it('claims a policy once of 12 parallel claims, for one insured person and one policy number', async () => {
    const user = await cardHolder(t, { cash: 100, plan: { price: 100 } });
    const [policy] = (await api(t, listPolicies, { token: user.token })).data;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(t, claimPolicy, {
          token: user.token,
          body: {
            policyId: policy!.id,
            insured:
              i % 2 === 0
                ? { who: 'self' }
                : { who: 'family', name: 'Li Wei', idNumber: '110105199003070017', relation: 'spouse' },
            paymentPassword: PAYMENT_PASSWORD,
          },
        }),
      ),
    );
    const claimed = answers.filter((answer) => answer.code === CODES.OK);
    expect(claimed).toHaveLength(1);
    for (const answer of answers.filter((a) => a.code !== CODES.OK)) {
      expect(answer).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'This policy has already been claimed' });
    }
    const row = await t.db.selectFrom('insurance_policies').selectAll().where('id', '=', policy!.id).executeTakeFirst();
    expect(row?.policy_number).toBe(claimed[0]!.data.policyNumber);
    expect(row?.relation).toBe(claimed[0]!.data.relation);
  });
});
