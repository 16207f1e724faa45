import { randomUUID } from 'node:crypto';
import type { PolicyKind } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { languageColumns, type LanguageInput } from '../../lib/content-language.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PoliciesRepository, PolicyVersionRow } from './policies.repository.js';

export interface PolicyDraft {
  kind: PolicyKind;
  /** The current version the editor read (0 when there was none). */
  basedOn: number;
  title: string;
  body: string;
  changes: string;
  languages?: LanguageInput;
}

/** Operators publish policy versions (decision 046 "Policies and consent"); a published version is never edited. */
export class PoliciesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: PoliciesRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  list(): Promise<PolicyVersionRow[]> {
    return this.repository.listAll(this.db);
  }

  /**
   * Publishes the next version, current at once. If another version was published since the
   * editor read `basedOn`, nothing is saved (1017); two publishes at the same moment make one
   * version, the (kind, version) key decides. Recorded with the versions before and after.
   */
  async publish(operator: string, draft: PolicyDraft): Promise<PolicyVersionRow> {
    const title = draft.title.trim();
    const body = draft.body.trim();
    if (!title || !body) throw new OperatorError('A policy needs a title and a text.');
    const now = this.clock.now();
    const id = randomUUID();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const current = await this.repository.current(trx, draft.kind);
        const currentVersion = current ? Number(current.version) : 0;
        if (currentVersion !== draft.basedOn) throw new AppError('STALE_EDIT', 'staleEdit');
        const version = currentVersion + 1;
        await this.repository.insertVersion(trx, {
          id,
          kind: draft.kind,
          version,
          title,
          body,
          changes: draft.changes.trim(),
          published_at: now,
          created_by: operator,
          default_language: 'en',
          translations: '{}',
          ...languageColumns(draft.languages ?? {}),
        });
        const row = await this.repository.find(trx, draft.kind, version);
        if (!row) throw new OperatorError(`No ${draft.kind} version ${version}`);
        await this.audit.record(trx, {
          operator,
          action: 'policy.publish',
          subjectType: 'policy',
          subjectId: id,
          detail: { kind: draft.kind, version },
          before: { kind: draft.kind, version: currentVersion },
          after: { kind: draft.kind, version, title, defaultLanguage: row.default_language },
          now,
        });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('STALE_EDIT', 'staleEdit');
      throw error;
    }
  }
}
