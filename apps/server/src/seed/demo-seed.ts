import { randomUUID } from 'node:crypto';
import type { Services } from '../app.js';
import { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { PasswordHasher } from '../modules/accounts/passwords.js';
import { randomInviteCode } from '../lib/secrets.js';

export const DEMO_ACCOUNT = { account: '13800138000', password: 'Stride2026' } as const;

/** Demo mode only; safe to run on every start. */
export async function seedDemo(services: Services): Promise<void> {
  const repository = new AccountsRepository(services.db);
  if (await repository.findByAccount(DEMO_ACCOUNT.account)) return;
  const hasher = new PasswordHasher(services.config.argon2);
  await repository.insert({
    id: randomUUID(),
    account: DEMO_ACCOUNT.account,
    password_hash: await hasher.hash(DEMO_ACCOUNT.password),
    invite_code: randomInviteCode(),
    invited_by: null,
    real_name_status: 'none',
    created_at: services.clock.now(),
  });
}
