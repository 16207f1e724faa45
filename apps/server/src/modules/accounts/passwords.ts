import argon2 from 'argon2';
import type { AccountsSettings } from './accounts.settings.js';

/** argon2id with at least OWASP's minimum (19 MiB, 2 iterations, 1 lane); raised by configuration. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly params: AccountsSettings['argon2']) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.params });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown account cannot be told apart by timing. */
  async verifyNobody(password: string): Promise<false> {
    this.dummyHash ??= this.hash('stride-no-such-account-0');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
