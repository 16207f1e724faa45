import type { User } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { BinaryAnswer } from '../../http/endpoints.js';
import { AppError, notFound } from '../../http/errors.js';
import type { FilesService } from '../files/files.service.js';
import type { AccountsRepository, UserRow } from './accounts.repository.js';
import { toUser } from './accounts.service.js';

/** A user's nickname and avatar as they are now (moderation's queue). */
export interface ProfileParts {
  account: string;
  nickname: string | null;
  avatarFileId: string | null;
}

export interface ProfileInput {
  /** A nickname already trimmed and checked by the contract; null clears it; undefined keeps it. */
  readonly nickname?: string | null | undefined;
  /** One of the user's own `avatar` uploads; null clears it; undefined keeps it. */
  readonly avatarFileId?: string | null | undefined;
}

/** The user's nickname and avatar (decision 043 "Profile (nickname and avatar), My in groups with icons"). */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly repository: AccountsRepository,
    private readonly files: FilesService,
    /**
     * The session read carries the nickname and avatar: told after a change commits (decision 049 "A bench that holds
     * on a busy machine").
     */
    private readonly forgetSessions: (userId: string) => void = () => undefined,
  ) {}

  /**
   * Sets what is given. The avatar must be the caller's own upload of purpose `avatar` that still
   * has its bytes: anyone else's, a missing one or one of another purpose is refused alike, so the
   * answer tells nothing about other users' files. The user's row is locked first, the lock the
   * upload cleanup takes, so a file is never removed while it becomes the avatar.
   */
  async update(userId: string, input: ProfileInput): Promise<User> {
    const row = await this.db.transaction().execute(async (trx) => {
      const values: Partial<Pick<UserRow, 'nickname' | 'avatar_file_id'>> = {};
      if (input.nickname !== undefined) values.nickname = input.nickname;
      await this.repository.updateProfile(trx, userId, values);
      if (input.avatarFileId !== undefined) {
        if (input.avatarFileId !== null) {
          const file = await this.files.findOwned(trx, userId, input.avatarFileId, 'avatar');
          if (!file) throw new AppError('VALIDATION_FAILED', 'avatarNotUsable');
        }
        return this.repository.updateProfile(trx, userId, { avatar_file_id: input.avatarFileId });
      }
      return this.repository.findById(trx, userId);
    });
    if (!row) throw notFound();
    this.forgetSessions(userId);
    return toUser(row);
  }

  /** The nickname and avatar of these users, by id (moderation: the reported content as it is now). */
  async parts(ids: readonly string[], db: Executor = this.db): Promise<Map<string, ProfileParts>> {
    return new Map(
      (await this.repository.findMany(db, ids)).map((row) => [
        row.id,
        { account: row.account, nickname: row.nickname, avatarFileId: row.avatar_file_id },
      ]),
    );
  }

  /**
   * Clears the nickname or the avatar a reviewer hid (docs/product/moderation.md), inside the decision's transaction:
   * the user shows as one without it, and may choose a new one. Answers what it was and is, for the audit record; the
   * cached sessions are forgotten once the decision commits.
   */
  async clear(trx: Executor, userId: string, part: 'nickname' | 'avatar') {
    const column = part === 'nickname' ? 'nickname' : 'avatar_file_id';
    const before = await this.repository.findById(trx, userId);
    const after = await this.repository.updateProfile(trx, userId, { [column]: null });
    return {
      before: { [part]: before?.[column] ?? null },
      after: { [part]: after?.[column] ?? null },
      committed: () => this.forgetSessions(userId),
    };
  }

  /** The user's avatar itself, for a reviewer; none answers like a missing file. */
  async avatar(userId: string): Promise<BinaryAnswer> {
    const row = await this.repository.findById(this.db, userId);
    if (!row?.avatar_file_id) throw notFound();
    return this.files.read(userId, row.avatar_file_id);
  }
}
