import { CODES, deleteAddress, saveAddress } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp, api } from '../../../test/harness.js';

const t = useTestApp({ ADDRESSES_MAX: '5' });

const save = (token: string, body: Record<string, unknown> = {}) =>
  api(t, saveAddress, {
    token,
    body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'No. 1', ...body },
  });
const remove = (token: string, id: string) => api(t, deleteAddress, { params: { id }, token });
const rows = (userId: string) =>
  t.db.selectFrom('delivery_addresses').selectAll().where('user_id', '=', userId).execute();
const defaultsOf = async (userId: string) => (await rows(userId)).filter((row) => row.is_default === 1);

describe('addresses under concurrent changes', () => {
  it('keeps ADDRESSES_MAX and exactly one default of 12 parallel creates, each asking to be the default', async () => {
    const user = await registerUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => save(user.token, { detail: `No. ${i}`, isDefault: true })),
    );
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(5);
    expect(answers.filter((answer) => answer.code === CODES.BUSINESS_RULE)).toHaveLength(7);
    expect(await rows(user.userId)).toHaveLength(5);
    expect(await defaultsOf(user.userId)).toHaveLength(1);
  });

  it('keeps exactly one default while creates, edits and deletes run together', async () => {
    const user = await registerUser(t);
    const first = await save(user.token, { detail: 'A' });
    const second = await save(user.token, { detail: 'B' });
    const third = await save(user.token, { detail: 'C' });
    const answers = await Promise.all([
      save(user.token, { id: second.data.id, detail: 'B', isDefault: true }),
      save(user.token, { id: third.data.id, detail: 'C', isDefault: true }),
      save(user.token, { id: first.data.id, detail: 'A', isDefault: false }),
      remove(user.token, first.data.id),
      save(user.token, { detail: 'D', isDefault: true }),
      save(user.token, { detail: 'E' }),
      save(user.token, { id: second.data.id, detail: 'B', isDefault: false }),
      remove(user.token, third.data.id),
    ]);
    // Every answer is a clear one (an edit of a deleted address is not found), never a failure.
    for (const answer of answers) expect([CODES.OK, CODES.NOT_FOUND]).toContain(answer.code);
    const left = await rows(user.userId);
    expect(left.length).toBeGreaterThan(0);
    expect(await defaultsOf(user.userId)).toHaveLength(1);
  });

  it('refuses a second default written around the service', async () => {
    const user = await registerUser(t);
    const first = await save(user.token, { detail: 'A' });
    await save(user.token, { detail: 'B' });
    const second = (await rows(user.userId)).find((row) => row.id !== first.data.id)!;
    await expect(
      t.db.updateTable('delivery_addresses').set({ is_default: 1 }).where('id', '=', second.id).execute(),
    ).rejects.toThrow();
    expect(await defaultsOf(user.userId)).toHaveLength(1);
  });
});
