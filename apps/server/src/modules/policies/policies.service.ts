import { randomUUID } from 'node:crypto';
import {
  POLICY_KINDS,
  type ConsentKind,
  type ConsentStatus,
  type Language,
  type PolicyText,
  type PolicyKind,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import { localize } from '../../lib/content-language.js';
import { INITIAL_POLICIES } from './policy-texts.js';
import type { ConsentRow, PoliciesRepository, PolicyVersionRow } from './policies.repository.js';

export type PolicyVersions = Record<PolicyKind, number>;

/** Each upload purpose that needs a consent, and the consent it needs (decision 046 "Policies and consent"). */
const UPLOAD_CONSENTS: Partial<Record<string, ConsentKind>> = {
  id_front: 'id_photos',
  id_back: 'id_photos',
  face: 'face',
};

/**
 * A policy version in the caller's language, each field with the fallback of decision 042 "Content in every language".
 */
export function toPolicy(row: PolicyVersionRow, language: Language): PolicyText {
  const texts = localize(language, row, { title: row.title, body: row.body, changes: row.changes });
  return {
    kind: row.kind as PolicyKind,
    version: Number(row.version),
    ...texts,
    publishedAt: isoTime(Number(row.published_at)),
  };
}

/**
 * The terms of service and the privacy policy, and what each user agreed to (decision 046 "Policies and consent"):
 * consents are rows added, never changed but for the moment they are withdrawn.
 */
export class PoliciesService {
  constructor(
    private readonly db: Db,
    private readonly repository: PoliciesRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Version 1 of each policy when there is none yet (a new installation): sign-up needs a
   * current version to accept. Two starts at once insert one: the (kind, version) key decides.
   */
  async ensureInitial(): Promise<void> {
    for (const kind of POLICY_KINDS) {
      if (await this.repository.current(this.db, kind)) continue;
      const initial = INITIAL_POLICIES[kind];
      try {
        await this.repository.insertVersion(this.db, {
          id: randomUUID(),
          kind,
          version: 1,
          default_language: 'en',
          title: initial.en.title,
          body: initial.en.body,
          changes: '',
          translations: JSON.stringify(
            Object.fromEntries(
              Object.entries(initial)
                .filter(([language]) => language !== 'en')
                .map(([language, texts]) => [language, { title: texts.title, body: texts.body }]),
            ),
          ),
          published_at: this.clock.now(),
          created_by: 'system',
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  private async currentRow(db: Executor, kind: PolicyKind): Promise<PolicyVersionRow> {
    const row = await this.repository.current(db, kind);
    if (!row) throw notFound();
    return row;
  }

  async currentVersions(db: Executor = this.db): Promise<PolicyVersions> {
    const [terms, privacy] = await Promise.all([this.currentRow(db, 'terms'), this.currentRow(db, 'privacy')]);
    return { terms: Number(terms.version), privacy: Number(privacy.version) };
  }

  /** The current version of a policy, or the one asked for, in the caller's language. */
  async get(kind: PolicyKind, version: number | undefined, language: Language): Promise<PolicyText> {
    const row =
      version === undefined ? await this.currentRow(this.db, kind) : await this.repository.find(this.db, kind, version);
    if (!row) throw new AppError('NOT_FOUND', 'policyVersionUnknown', { version: version ?? 0 });
    return toPolicy(row, language);
  }

  /** Refuses a sign-up without acceptance, or accepting versions that are no longer current. */
  async checkAcceptance(accepted: PolicyVersions | undefined, db: Executor = this.db): Promise<PolicyVersions> {
    if (!accepted) throw new AppError('VALIDATION_FAILED', 'policiesNotAccepted');
    const current = await this.currentVersions(db);
    if (accepted.terms !== current.terms || accepted.privacy !== current.privacy) {
      throw new AppError('VALIDATION_FAILED', 'policiesStale');
    }
    return current;
  }

  /**
   * Records a new account's acceptance in the transaction that creates it, checked again there so
   * that a version published in between is not recorded as accepted.
   */
  async recordSignUp(trx: Executor, userId: string, accepted: PolicyVersions | undefined, address: string) {
    const versions = await this.checkAcceptance(accepted, trx);
    const now = this.clock.now();
    for (const kind of POLICY_KINDS) {
      await this.repository.insertConsent(trx, this.consentRow(userId, kind, versions[kind], now, address));
    }
  }

  private consentRow(userId: string, kind: string, version: number | null, now: number, address: string): ConsentRow {
    return {
      id: randomUUID(),
      user_id: userId,
      kind,
      version,
      granted_at: now,
      withdrawn_at: null,
      client_address: address.slice(0, 64),
    };
  }

  async status(userId: string, db: Executor = this.db): Promise<ConsentStatus> {
    const [current, consents] = await Promise.all([this.currentVersions(db), this.repository.inForce(db, userId)]);
    const accepted = (kind: PolicyKind) => {
      const versions = consents
        .filter((row) => row.kind === kind && row.version !== null)
        .map((row) => Number(row.version));
      return versions.length ? Math.max(...versions) : null;
    };
    const terms = { current: current.terms, accepted: accepted('terms') };
    const privacy = { current: current.privacy, accepted: accepted('privacy') };
    return {
      terms,
      privacy,
      needsAcceptance: terms.accepted !== terms.current || privacy.accepted !== privacy.current,
      idPhotos: consents.some((row) => row.kind === 'id_photos'),
      face: consents.some((row) => row.kind === 'face'),
    };
  }

  /**
   * Accepts the current versions (a policy changed since the user last accepted it). Under the
   * user's row lock, so two taps record one acceptance per version.
   */
  async acceptPolicies(userId: string, versions: PolicyVersions, address: string): Promise<ConsentStatus> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const current = await this.checkAcceptance(versions, trx);
      const inForce = await this.repository.inForce(trx, userId);
      const now = this.clock.now();
      for (const kind of POLICY_KINDS) {
        if (inForce.some((row) => row.kind === kind && Number(row.version) === current[kind])) continue;
        await this.repository.insertConsent(trx, this.consentRow(userId, kind, current[kind], now, address));
      }
      return this.status(userId, trx);
    });
  }

  /** Gives the ID photo or face consent; while one is in force, giving it again records nothing. */
  async grant(userId: string, kind: ConsentKind, address: string): Promise<ConsentStatus> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const inForce = await this.repository.inForce(trx, userId);
      if (!inForce.some((row) => row.kind === kind)) {
        await this.repository.insertConsent(trx, this.consentRow(userId, kind, null, this.clock.now(), address));
      }
      return this.status(userId, trx);
    });
  }

  async withdraw(userId: string, kind: ConsentKind): Promise<ConsentStatus> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      await this.repository.withdraw(trx, userId, kind, this.clock.now());
      return this.status(userId, trx);
    });
  }

  /** Refuses an upload of ID photos or a face photo without the user's consent in force. */
  async requireForUpload(userId: string, purpose: string): Promise<void> {
    const kind = UPLOAD_CONSENTS[purpose];
    if (!kind) return;
    const inForce = await this.repository.inForce(this.db, userId);
    if (inForce.some((row) => row.kind === kind)) return;
    throw new AppError('BUSINESS_RULE', kind === 'face' ? 'consentFaceRequired' : 'consentIdPhotosRequired');
  }

  /**
   * The user's consents in the export, withdrawn ones too, with the address they came from. On the
   * account's deletion the records stay (what was agreed, and when, is evidence the service keeps;
   * decision 047 "Your data") but lose the client address: with the account anonymised, nothing left in them
   * finds the person.
   */
  personalData(): PersonalDataSection {
    return {
      name: 'consents',
      exportFor: async (userId) =>
        (await this.repository.history(this.db, userId)).map((row) =>
          exportRow({
            kind: row.kind,
            version: row.version,
            granted_at: row.granted_at,
            withdrawn_at: row.withdrawn_at,
            client_address: row.client_address,
          }),
        ),
      erase: async (trx, { userId }) => {
        await this.repository.forgetAddresses(trx, userId);
      },
    };
  }

  /** Every consent the user gave, withdrawn ones too (for the user's own data). */
  history(userId: string): Promise<ConsentRow[]> {
    return this.repository.history(this.db, userId);
  }
}
