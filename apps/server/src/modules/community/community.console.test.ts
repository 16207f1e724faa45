import {
  CODES,
  consoleChannels,
  consoleCreateChannel,
  consoleUpdateChannel,
  listCommunityChannels,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

const CHANNEL = {
  name: 'Morning walkers',
  description: 'Meet at 7',
  url: 'https://example.com/morning',
  qrImage: '/media/00000000-0000-4000-8000-000000000000.jpg',
  position: 2,
  active: true,
};

describe('community channels in the console', () => {
  it('adds a channel users see, edits it, hides it, and records each change', async () => {
    const editor = await signIn(t, ['editor']);
    const created = await consoleApi(t, editor, consoleCreateChannel, { body: CHANNEL });
    expect(created.data).toMatchObject({ ...CHANNEL, version: 1 });
    const open = await api(t, listCommunityChannels);
    expect(open.data.find((c) => c.id === created.data.id)).toMatchObject({
      name: CHANNEL.name,
      qrImage: CHANNEL.qrImage,
    });

    const hidden = await consoleApi(t, editor, consoleUpdateChannel, {
      params: { id: created.data.id },
      body: { ...CHANNEL, name: 'Evening walkers', active: false, version: 1 },
    });
    expect(hidden.data).toMatchObject({ name: 'Evening walkers', active: false, version: 2 });
    expect((await api(t, listCommunityChannels)).data.map((c) => c.id)).not.toContain(created.data.id);
    expect((await consoleApi(t, editor, consoleChannels)).data.map((c) => c.id)).toContain(created.data.id);

    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({
      operator_id: editor.operatorId,
      source: 'console',
      action: 'community.update',
      subject_id: created.data.id,
    });
    expect(JSON.parse(String(record?.before))).toMatchObject({ name: 'Morning walkers', active: true, version: 1 });
    expect(JSON.parse(String(record?.after))).toMatchObject({ name: 'Evening walkers', active: false, version: 2 });
  });

  it('refuses a stale edit with 1017, and an image that is not a catalogue or https image', async () => {
    const editor = await signIn(t, ['editor']);
    const created = await consoleApi(t, editor, consoleCreateChannel, { body: CHANNEL });
    const id = created.data.id;
    await consoleApi(t, editor, consoleUpdateChannel, {
      params: { id },
      body: { ...CHANNEL, position: 5, version: 1 },
    });
    const before = (await t.app.services.audit.list(1000)).length;
    const stale = await consoleApi(t, editor, consoleUpdateChannel, {
      params: { id },
      body: { ...CHANNEL, name: 'Lost', version: 1 },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    const row = await t.db.selectFrom('community_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe(CHANNEL.name);
    expect(Number(row.position)).toBe(5);
    expect((await t.app.services.audit.list(1000)).length).toBe(before);

    const badImage = await consoleApi(t, editor, consoleCreateChannel, {
      body: { ...CHANNEL, qrImage: 'javascript:alert(1)' },
    });
    expect(badImage.code).toBe(CODES.BUSINESS_RULE);
  });
});
