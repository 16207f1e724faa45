import { checkIdNumber, normalizeIdNumber, type Identity } from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { IdentitySettings } from './identity.settings.js';
import type { Db } from '../../db/database.js';
import { ONCE_ONLY, violatesUnique } from '../../db/constraints.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { keyedHash, maskIdNumber, type FieldCipher } from '../../lib/secrets.js';
import type { FilesService } from '../files/files.service.js';
import type { IdentityRepository, IdentityRow } from './identity.repository.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';

export interface IdentityInput {
  name: string;
  idNumber: string;
  frontImageId: string;
  backImageId: string;
}

export type FaceInput = { method: 'face'; imageId: string } | { method: 'manual' };

/** Who reviewed automatically, in `reviewed_by`. */
const AUTO_REVIEWER = 'auto';

export function toIdentity(row: IdentityRow | undefined): Identity {
  if (!row) {
    return {
      status: 'none',
      name: null,
      idNumberMasked: null,
      rejectReason: null,
      submittedAt: null,
      reviewedAt: null,
      faceStatus: 'none',
      faceVerified: false,
      faceMethod: null,
      faceRejectReason: null,
    };
  }
  return {
    status: row.status as Identity['status'],
    name: row.name,
    idNumberMasked: row.id_number_masked,
    rejectReason: row.reject_reason,
    submittedAt: isoTime(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? null : isoTime(row.reviewed_at),
    faceStatus: row.face_status as Identity['faceStatus'],
    faceVerified: row.face_status === 'verified',
    faceMethod: row.face_method as Identity['faceMethod'],
    faceRejectReason: row.face_reject_reason,
  };
}

/**
 * Real-name verification and the one-time face check. `users.real_name_status` mirrors the
 * identity's status in the same transaction, because the endpoint registrar's `verified` access
 * reads it with the session.
 */
export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly repository: IdentityRepository,
    private readonly files: FilesService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: FrameConfig & IdentitySettings,
    /** Told after a user's `real_name_status` changed: the session cache forgets the user. */
    private readonly userChanged: (userId: string) => void,
  ) {}

  async get(userId: string): Promise<Identity> {
    return toIdentity(await this.repository.find(this.db, userId));
  }

  findRow(db: Executor, userId: string): Promise<IdentityRow | undefined> {
    return this.repository.find(db, userId);
  }

  /** POST (first submission) and PUT (after a rejection). */
  async submit(userId: string, input: IdentityInput, mode: 'submit' | 'resubmit'): Promise<Identity> {
    const idNumber = normalizeIdNumber(input.idNumber);
    const now = this.clock.now();
    const check = checkIdNumber(idNumber, this.calendar.dayOf(now));
    if (!check.valid) throw new AppError('VALIDATION_FAILED', 'idNumberInvalid');
    const idNumberHash = keyedHash(this.config.appSecret, 'id-number', idNumber);
    const isAutomatic = this.config.identityReview === 'auto' && check.kind === 'resident-id';

    // One ID number on one account is the database's partial unique index (decision 015 "Only once rules are held by
    // the database"): two accounts submitting one number at the same moment meet there, and the loser is told.
    const row = await this.db
      .transaction()
      .execute(async (trx) => {
        await lockUserRow(trx, userId);
        const existing = await this.repository.find(trx, userId);
        if (mode === 'submit' && existing) throw new AppError('BUSINESS_RULE', 'identityExists');
        if (mode === 'resubmit' && existing?.status !== 'rejected') {
          throw new AppError('BUSINESS_RULE', existing ? 'identityExists' : 'identityNotRejected');
        }
        const [front, back] = await Promise.all([
          this.files.findOwned(trx, userId, input.frontImageId, 'id_front'),
          this.files.findOwned(trx, userId, input.backImageId, 'id_back'),
        ]);
        if (!front || !back) throw new AppError('VALIDATION_FAILED', 'identityImages');
        const status = isAutomatic ? 'verified' : 'pending';
        const values = {
          status,
          name: input.name.trim().replace(/\s+/g, ' '),
          id_number_encrypted: this.cipher.encrypt(idNumber),
          id_number_masked: maskIdNumber(idNumber),
          id_number_hash: idNumberHash,
          front_file_id: front.id,
          back_file_id: back.id,
          reject_reason: null,
          submitted_at: now,
          reviewed_at: isAutomatic ? now : null,
          reviewed_by: isAutomatic ? AUTO_REVIEWER : null,
        };
        if (existing) {
          await this.repository.update(trx, userId, values);
        } else {
          await this.repository.insert(trx, {
            user_id: userId,
            ...values,
            face_status: 'none',
            face_method: null,
            face_file_id: null,
            face_reject_reason: null,
            face_submitted_at: null,
            face_reviewed_at: null,
          });
        }
        await this.repository.setUserStatus(trx, userId, status);
        return this.repository.find(trx, userId);
      })
      .catch((error: unknown) => {
        if (violatesUnique(error, ONCE_ONLY.liveIdNumber)) throw new AppError('CONFLICT', 'idNumberTaken');
        throw error;
      });
    this.userChanged(userId);
    return toIdentity(row);
  }

  /**
   * The one-time face check. With a face image: automatic review accepts it once it is the
   * caller's own `face` upload; operator review keeps it until decided. Either way the image is
   * deleted as soon as it has been checked. `manual` asks an operator to compare the ID photos.
   */
  async submitFace(userId: string, input: FaceInput): Promise<Identity> {
    const now = this.clock.now();
    const isAutomatic = this.config.identityReview === 'auto';
    const row = await this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const identity = await this.repository.find(trx, userId);
      if (identity?.status !== 'verified') throw new AppError('REAL_NAME_REQUIRED', 'realNameRequired');
      if (identity.face_status === 'verified') return identity;
      if (identity.face_status === 'pending') throw new AppError('BUSINESS_RULE', 'facePending');
      let faceFileId: string | null = null;
      if (input.method === 'face') {
        const file = await this.files.findOwned(trx, userId, input.imageId, 'face');
        if (!file) throw new AppError('VALIDATION_FAILED', 'faceImageInvalid');
        faceFileId = file.id;
      }
      await this.repository.update(trx, userId, {
        face_status: isAutomatic ? 'verified' : 'pending',
        face_method: input.method,
        face_file_id: faceFileId,
        face_reject_reason: null,
        face_submitted_at: now,
        face_reviewed_at: isAutomatic ? now : null,
      });
      if (isAutomatic && faceFileId) await this.files.deleteBytes(trx, faceFileId);
      return this.repository.find(trx, userId);
    });
    return toIdentity(row);
  }

  /** Whether the one-time face check is done (withdrawals need it). */
  async isFaceVerified(db: Executor, userId: string): Promise<boolean> {
    return (await this.repository.find(db, userId))?.face_status === 'verified';
  }

  /** The verified real name, for payout holder names. */
  async verifiedName(db: Executor, userId: string): Promise<string> {
    const identity = await this.repository.find(db, userId);
    if (identity?.status !== 'verified') throw new AppError('REAL_NAME_REQUIRED', 'realNameRequired');
    return identity.name;
  }

  /**
   * The identity section: what the app shows (the ID number masked). Deleting it removes the row,
   * name, encrypted number and the hash that keeps one number on one account, so the same person
   * may verify again on a new account; the photos go with the uploads section.
   */
  personalData(): PersonalDataSection {
    return {
      name: 'identity',
      exportFor: (userId) => this.get(userId),
      erase: async (trx, { userId }) => {
        await this.repository.remove(trx, userId);
      },
    };
  }
}
