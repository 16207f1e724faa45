import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Language } from '@stride/contract';
import type { Clock } from '../../lib/clock.js';
import { languageColumns, type LanguageInput } from '../../lib/content-language.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NoticeRow, NoticesRepository } from './notices.repository.js';
import type { NoticesService } from './notices.service.js';
import { sanitizeNoticeHtml } from './sanitize.js';

export const NOTICE_TITLE_MAX = 140;
export const NOTICE_BODY_MAX = 100_000;

/** Operators publish and unpublish notices. */
export class NoticesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: NoticesRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    /**
     * Told after each committed change, so home shows it at once on this server (decision 053 "Fewer statements for
     * home and for money").
     */
    private readonly notices?: Pick<NoticesService, 'forgetLatest'>,
  ) {}

  /** Home's kept notices are dropped once a change has committed (or failed: nothing lost). */
  private async committed<T>(change: Promise<T>): Promise<T> {
    try {
      return await change;
    } finally {
      this.notices?.forgetLatest();
    }
  }

  listForOperators(limit = 100) {
    return this.repository.listAll(this.db, limit);
  }

  /** The body as users will see it: the sanitizer every save applies. */
  preview(body: string): string {
    return sanitizeNoticeHtml(body);
  }

  /**
   * Other languages' titles and bodies (decision 042 "Content in every language"): bodies sanitized as the default one
   * is; a language whose body is empty once sanitized keeps only its title.
   */
  private cleanLanguages(languages: LanguageInput | undefined): LanguageInput {
    if (!languages?.translations) return languages ?? {};
    const translations: NonNullable<LanguageInput['translations']> = {};
    for (const [language, fields] of Object.entries(languages.translations) as [Language, Record<string, string>][]) {
      translations[language] = {
        ...(fields.title === undefined ? {} : { title: fields.title }),
        ...(fields.body === undefined ? {} : { body: sanitizeNoticeHtml(fields.body) }),
      };
    }
    return { ...languages, translations };
  }

  /** Title and body checked and the body sanitized, as every save does. */
  private clean(input: { title: string; body: string }): { title: string; body: string } {
    const title = input.title.trim();
    if (!title || title.length > NOTICE_TITLE_MAX) {
      throw new OperatorError(`The title must be 1 to ${NOTICE_TITLE_MAX} characters.`);
    }
    if (input.body.length > NOTICE_BODY_MAX)
      throw new OperatorError(`The body is longer than ${NOTICE_BODY_MAX} characters.`);
    const body = sanitizeNoticeHtml(input.body);
    if (!body) throw new OperatorError('The body is empty once sanitized.');
    return { title, body };
  }

  /** Sanitizes and stores a notice, published at once unless `draft`; the action is recorded. */
  async publish(
    operator: string,
    input: { title: string; body: string; languages?: LanguageInput },
    options: { draft?: boolean } = {},
  ): Promise<NoticeRow> {
    const { title, body } = this.clean(input);
    const languages = languageColumns(this.cleanLanguages(input.languages));
    const now = this.clock.now();
    const id = randomUUID();
    return this.committed(
      this.db.transaction().execute(async (trx) => {
        await this.repository.insert(trx, {
          id,
          title,
          body,
          published_at: options.draft ? null : now,
          created_by: operator,
          created_at: now,
          updated_at: null,
          ...languages,
        });
        const row = await this.repository.find(trx, id);
        if (!row) throw new OperatorError(`No notice ${id}`);
        await this.audit.record(trx, {
          operator,
          action: options.draft ? 'notice.create' : 'notice.publish',
          subjectType: 'notice',
          subjectId: id,
          detail: { title, removedByCleaning: body.length !== input.body.trim().length },
          after: { title, body, published: !options.draft, version: row.version },
          now,
        });
        return row;
      }),
    );
  }

  /**
   * Changes a notice the editor read at `version` (title, body, or whether users see it); another
   * edit in between is refused as stale (1017) and nothing changes. Recorded with before and after.
   */
  async edit(
    operator: string,
    id: string,
    version: number,
    change: { title: string; body: string; languages?: LanguageInput } | { published: boolean },
  ): Promise<NoticeRow> {
    const cleaned = 'published' in change ? null : this.clean(change);
    const now = this.clock.now();
    return this.committed(
      this.db.transaction().execute(async (trx) => {
        const before = await this.repository.find(trx, id);
        if (!before) throw new OperatorError(`No notice ${id}`);
        const values =
          'published' in change
            ? { published_at: change.published ? (before.published_at ?? now) : null, updated_at: now }
            : {
                ...cleaned,
                ...languageColumns(this.cleanLanguages('languages' in change ? change.languages : undefined), before),
                updated_at: now,
              };
        if (!(await this.repository.updateAtVersion(trx, id, version, values))) {
          throw new AppError('STALE_EDIT', 'staleEdit');
        }
        const after = await this.repository.find(trx, id);
        if (!after) throw new OperatorError(`No notice ${id}`);
        await this.audit.record(trx, {
          operator,
          action: 'published' in change ? (change.published ? 'notice.publish' : 'notice.unpublish') : 'notice.update',
          subjectType: 'notice',
          subjectId: id,
          ...('body' in change && cleaned
            ? { detail: { removedByCleaning: cleaned.body.length !== change.body.trim().length } }
            : {}),
          before: snapshot(before),
          after: snapshot(after),
          now,
        });
        return after;
      }),
    );
  }

  async unpublish(operator: string, id: string): Promise<void> {
    const now = this.clock.now();
    await this.committed(
      this.db.transaction().execute(async (trx) => {
        if (!(await this.repository.setPublished(trx, id, null))) throw new OperatorError(`No notice ${id}`);
        await this.audit.record(trx, {
          operator,
          action: 'notice.unpublish',
          subjectType: 'notice',
          subjectId: id,
          now,
        });
      }),
    );
  }
}

function snapshot(row: NoticeRow) {
  return {
    title: row.title,
    body: row.body,
    published: row.published_at !== null,
    version: row.version,
    defaultLanguage: row.default_language,
    translations: row.translations,
  };
}
