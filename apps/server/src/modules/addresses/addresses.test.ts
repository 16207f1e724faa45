import { CODES, deleteAddress, listAddresses, saveAddress } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp, api } from '../../../test/harness.js';

const t = useTestApp({ ADDRESSES_MAX: '4' });

const save = (token: string, body: Record<string, unknown> = {}) =>
  api(t, saveAddress, {
    token,
    body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'No. 1', ...body },
  });
const list = async (token: string) => (await api(t, listAddresses, { token })).data;
const defaults = async (token: string) => (await list(token)).filter((a) => a.isDefault).map((a) => a.id);

describe('delivery addresses', () => {
  it('makes the first address the default and keeps exactly one default', async () => {
    const { token } = await registerUser(t);
    const first = await save(token, { detail: 'First' });
    expect(first).toMatchObject({ code: CODES.OK, data: { isDefault: true, detail: 'First' } });
    t.clock.advance(1_000);
    const second = await save(token, { detail: 'Second' });
    expect(second.data.isDefault).toBe(false);
    t.clock.advance(1_000);
    const third = await save(token, { detail: 'Third', isDefault: true });
    expect(await defaults(token)).toEqual([third.data.id]);
    // Unmarking the default passes it to the newest other address.
    await save(token, { id: third.data.id, detail: 'Third', isDefault: false });
    expect(await defaults(token)).toEqual([second.data.id]);
    // Marking one by edit unmarks the others.
    const edited = await save(token, { id: first.data.id, detail: 'First, edited', isDefault: true });
    expect(edited.data).toMatchObject({ id: first.data.id, detail: 'First, edited', isDefault: true });
    expect(await defaults(token)).toEqual([first.data.id]);
    // Deleting the default promotes the newest remaining.
    expect((await api(t, deleteAddress, { params: { id: first.data.id }, token })).code).toBe(CODES.OK);
    expect(await defaults(token)).toEqual([third.data.id]);
    expect(await list(token)).toHaveLength(2);
  });

  it('keeps a lone address the default even when unmarked', async () => {
    const { token } = await registerUser(t);
    const only = await save(token);
    const unmarked = await save(token, { id: only.data.id, isDefault: false });
    expect(unmarked.data.isDefault).toBe(true);
  });

  it('allows at most ADDRESSES_MAX, also in parallel', async () => {
    const { token } = await registerUser(t);
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => save(token, { detail: `No. ${i}` })));
    expect(results.filter((r) => r.code === CODES.OK)).toHaveLength(4);
    const refused = results.find((r) => r.code !== CODES.OK);
    expect(refused).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'At most 4 delivery addresses; delete one first',
    });
    expect(await list(token)).toHaveLength(4);
    expect(await defaults(token)).toHaveLength(1);
  });

  it("validates fields, and another user's address answers like a missing one and nothing changes", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const mine = await save(owner.token);
    expect((await save(owner.token, { phone: '12' })).code).toBe(CODES.VALIDATION_FAILED);
    const foreignDelete = await api(t, deleteAddress, { params: { id: mine.data.id }, token: other.token });
    const missingDelete = await api(t, deleteAddress, { params: { id: 'no-such-id' }, token: other.token });
    expect(foreignDelete).toEqual(missingDelete);
    expect(foreignDelete.code).toBe(CODES.NOT_FOUND);
    const foreignEdit = await save(other.token, { id: mine.data.id, detail: 'Hijacked' });
    expect(foreignEdit.code).toBe(CODES.NOT_FOUND);
    expect(await list(owner.token)).toEqual([mine.data]);
    expect(await list(other.token)).toEqual([]);
  });
});
