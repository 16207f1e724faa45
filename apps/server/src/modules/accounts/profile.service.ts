import type { User } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { FilesService } from '../files/files.service.js';
import type { AccountsRepository, UserRow } from './accounts.repository.js';
import { toUser } from './accounts.service.js';

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
}
