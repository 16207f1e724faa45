import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { browserContract } from './browser-contract';

// The contract as the web app's build bundles it (decision 065 "The contract without its schemas in the browser"):
// endpoints keep what the client sends a call by, and nothing a page does not use (the schemas, zod) reaches the
// browser.
const dir = mkdtempSync(path.join(tmpdir(), 'stride-browser-contract-'));
const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(entry: string): Promise<string> {
  const file = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, entry.replaceAll('CONTRACT', JSON.stringify(contract)));
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [browserContract()],
    build: { write: false, minify: false, rollupOptions: { input: file, preserveEntrySignatures: 'strict' } },
  })) as Rolldown.RolldownOutput;
  return result.output.map((item) => (item.type === 'chunk' ? item.code : '')).join('\n');
}

describe("the contract in the web app's build (decision 065)", () => {
  it('keeps the method and path of the endpoints a page uses, and leaves out their schemas and zod', async () => {
    const code = await bundle(
      'import { login, getHome } from CONTRACT;\nexport const sent = [login.method, login.path, getHome.method, getHome.path];\n',
    );
    expect(code).toContain('/api/user/login');
    expect(code).toContain('/api/home');
    expect(code).not.toMatch(/ZodType|_zod|strictObject/);
    expect(code).not.toContain('Sign-up, step 1');
  }, 60_000);

  it("keeps a schema a page uses by name, zod with it, and still leaves out the endpoint's", async () => {
    const code = await bundle(
      'import { NicknameSchema, updateProfile } from CONTRACT;\nexport const check = [NicknameSchema, updateProfile.path];\n',
    );
    expect(code).toContain('_zod');
    expect(code).toContain('rule.nickname');
    expect(code).not.toContain('avatarFileId');
  }, 60_000);

  it('leaves out what a helper spreads into a definition, and a summary given by name', async () => {
    const code = await bundle(
      'import { listMembershipOrders, acceptFriend } from CONTRACT;\nexport const sent = [listMembershipOrders.path, acceptFriend.path, acceptFriend.summary];\n',
    );
    expect(code).toContain('/api/member_card/orders');
    expect(code).toContain('/api/friends/requests/{id}/accept');
    expect(code).not.toMatch(/ZodType|_zod|strictObject/);
    expect(code).not.toContain('undefined:');
  }, 60_000);

  it('the plain account rules come without zod', async () => {
    const code = await bundle(
      "import { isNewPassword } from CONTRACT;\nexport const ok = isNewPassword('walk2026');\n",
    );
    expect(code).toContain('isNewPassword');
    expect(code).not.toMatch(/ZodType|_zod/);
  }, 60_000);
});
