import { randomUUID } from 'node:crypto';
import {
  QUICK_ENTRY_ICONS,
  type ConsoleFlaggedDay,
  type ConsoleHomeItem,
  type HomeItemKind,
  type Language,
  type StepSourceKind,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { contentLanguages, languageColumns, type LanguageInput } from '../../lib/content-language.js';
import { isAllowedImageUrl } from '../../lib/image-url.js';
import { maskMobile } from '../../lib/secrets.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { HomeItemRow, StepReviewListRow, WalkingRepository } from './walking.repository.js';
import type { HomeReadModel } from './home-read-model.js';
import type { WalkingRewards } from './rewards.js';
import { parseReasons, type StepReports } from './step-reports.js';

export type FlaggedDayStatus = ConsoleFlaggedDay['status'];
export type FlaggedDayDecision = 'clear' | 'reject';

export interface HomeItemFields {
  title: string;
  image: string;
  target: string;
  position: number;
  active: boolean;
  /**
   * The language of the title and the title in other languages (decision 042 "Content in every language"); an edit
   * without them keeps the item's.
   */
  defaultLanguage?: Language | undefined;
  translations?: LanguageInput['translations'];
}

export function toConsoleHomeItem(row: HomeItemRow): ConsoleHomeItem {
  return {
    id: row.id,
    kind: row.kind as HomeItemKind,
    title: row.title,
    ...contentLanguages(row),
    image: row.image,
    target: row.target,
    position: row.position,
    active: row.is_active === 1,
    version: row.version,
  };
}

/** `device:<token id>` → the token id. */
function tokenIdOf(source: string): string {
  return source.slice(source.indexOf(':') + 1);
}

function snapshot(row: HomeItemRow): Record<string, unknown> {
  const { id: _id, ...rest } = toConsoleHomeItem(row);
  return rest;
}

/**
 * A banner shows an image: a catalogue image (`/media/...`), an `https:` URL or an image data URL.
 * A quick entry shows one of the app's icons or such an image. (Link targets are checked by the
 * contract: `isHomeLinkTarget`.)
 */
function checkImage(kind: HomeItemKind, image: string): void {
  const icons: readonly string[] = QUICK_ENTRY_ICONS;
  if (kind === 'entry' && icons.includes(image)) return;
  if (!isAllowedImageUrl(image)) {
    throw new OperatorError(
      kind === 'entry'
        ? `The icon must be one of ${QUICK_ENTRY_ICONS.join(', ')}, or an uploaded or https: image.`
        : 'The image must be an uploaded image or an https: URL.',
    );
  }
}

/**
 * A banner's picture in another language is checked as its own picture is (decision 084 "Content per language"); a
 * quick entry's icon is the same in every language, so it has none.
 */
function checkTranslatedImages(kind: HomeItemKind, translations: HomeItemFields['translations']): void {
  for (const fields of Object.values(translations ?? {})) {
    const image = fields?.image?.trim();
    if (!image) continue;
    if (kind === 'entry') throw new OperatorError('A quick entry has one icon for every language.');
    checkImage(kind, image);
  }
}

/** Operators' side of walking: home's banners and quick entries (editors), flagged days (reviewers). */
export class WalkingAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly stepReports: StepReports,
    private readonly rewards: WalkingRewards,
    private readonly home: HomeReadModel,
  ) {}

  /**
   * Home's kept items are dropped once a change has committed, so it shows at once here (decision 053 "Fewer statements
   * for home and for money").
   */
  private async committed<T>(change: Promise<T>): Promise<T> {
    try {
      return await change;
    } finally {
      this.home.forgetHomeItems();
    }
  }

  // ---- Flagged days (decision 029 "Steps from every source", docs/console/flagged-days.md) ----

  /** A page of days by review status, oldest first, with their sources and what they hold. */
  async listFlaggedDays(
    status: FlaggedDayStatus,
    page: { page: number; pageSize: number },
  ): Promise<{ items: ConsoleFlaggedDay[]; page: number; pageSize: number; total: number; hasMore: boolean }> {
    const { rows, total } = await this.repository.listReviewsByStatus(this.db, status, pageWindow(page));
    const items: ConsoleFlaggedDay[] = [];
    for (const row of rows) items.push(await this.toFlaggedDay(this.db, row));
    return pageResult(items, page, total);
  }

  private async toFlaggedDay(db: Executor, row: StepReviewListRow): Promise<ConsoleFlaggedDay> {
    const sources = await this.repository.listStepSources(db, row.user_id, row.day);
    const tokenIds = sources.filter((source) => source.kind === 'device').map((source) => tokenIdOf(source.source));
    const names = await this.repository.tokenNamesById(db, tokenIds);
    // A cleared day holds nothing: its points are the user's to collect, its cash back is paid (decision 078 "A held
    // step day is never a dead end").
    const held =
      row.status === 'cleared' ? { points: 0, cashBack: 0 } : await this.rewards.heldRewards(db, row.user_id, row.day);
    return {
      id: row.id,
      userId: row.user_id,
      mobile: maskMobile(row.account),
      day: row.day,
      steps: row.steps,
      status: row.status as FlaggedDayStatus,
      reasons: parseReasons(row.reasons),
      sources: sources.map((source) => ({
        kind: source.kind as StepSourceKind,
        name: source.kind === 'device' ? (names.get(tokenIdOf(source.source)) ?? null) : null,
        steps: source.steps,
      })),
      heldPoints: held.points,
      heldCashBack: held.cashBack,
      flaggedAt: isoTime(row.created_at),
      decidedAt: row.decided_at === null ? null : isoTime(row.decided_at),
      note: row.note,
      version: row.version,
    };
  }

  /**
   * Clears a flagged day (its held points are released for the user to collect, its cash back and
   * invite reward are paid now; decision 078 "A held step day is never a dead end") or rejects it (nothing is paid).
   * Either way the user is told, in the decision's transaction. Once: a compare-and-set on status `flagged` and, from
   * the console, the version the reviewer saw (another answers 1017). The day's row is locked first, as the day's
   * reports do, so a report and a decision never wait on each other in opposite orders.
   */
  async decideFlaggedDay(
    operator: string,
    id: string,
    input: { decision: FlaggedDayDecision; note?: string | undefined; version?: number | undefined },
  ): Promise<ConsoleFlaggedDay> {
    const found = await this.repository.findReviewById(this.db, id);
    if (!found) throw new OperatorError(`No flagged day ${id}`);
    const status = input.decision === 'clear' ? 'cleared' : 'rejected';
    const note = input.note?.trim() ? input.note.trim() : null;
    const { day } = await this.audit.changeState({
      operator,
      change: async (trx, now) => {
        await this.stepReports.lockDay(trx, found.user_id, found.day);
        const won = await this.repository.decideReview(trx, id, input.version, {
          status,
          decided_at: now,
          operator_id: this.audit.actorId(),
          note,
        });
        if (!won && input.version !== undefined) throw new AppError('STALE_EDIT', 'staleEdit');
        return won;
      },
      reread: (trx) => this.repository.findReviewById(trx, id),
      missing: `No flagged day ${id}`,
      lost: (current) => `The day ${current.day} of ${current.user_id} is ${current.status}, not flagged`,
      apply: async (trx) => {
        const paid =
          input.decision === 'clear'
            ? await this.rewards.releaseHeld(trx, found)
            : { points: 0, cashBack: 0, withheld: await this.rewards.tellRejected(trx, found.user_id, found.day) };
        const row = await this.repository.findReviewListRow(trx, id);
        if (!row) throw new OperatorError(`No flagged day ${id}`);
        return { paid, day: await this.toFlaggedDay(trx, row) };
      },
      record: ({ paid }) => ({
        action: `step-day.${status === 'cleared' ? 'clear' : 'reject'}`,
        subjectType: 'step-day',
        subjectId: id,
        detail: { userId: found.user_id, day: found.day, note: note ?? undefined, ...paid },
        before: { status: 'flagged', reasons: parseReasons(found.reasons) },
        after: { status, ...(note ? { note } : {}), paidPoints: paid.points, paidCashBack: paid.cashBack },
      }),
    });
    this.rewards.nudgeNotifications();
    return day;
  }

  // ---- Appeals of a held or rejected day (decision 102 "Appeals with a deadline") ----

  /** The user's day under review: flagged or rejected (what an appeal may be about), or cleared; undefined if none. */
  reviewOfDay(db: Executor, userId: string, day: string) {
    return this.repository.findReview(db, userId, day);
  }

  /** The day's review as the flagged-days queue shows it: the evidence beside its appeal. */
  async reviewEvidence(db: Executor, id: string): Promise<ConsoleFlaggedDay | null> {
    const row = await this.repository.findReviewListRow(db, id);
    return row ? this.toFlaggedDay(db, row) : null;
  }

  /**
   * An appeal's decision on its day, inside the appeal's transaction: granted, a flagged or rejected day is cleared
   * (its points released, its cash back and invite reward paid, as a clearing does); refused, a flagged day is rejected
   * and a rejected one stays. The day's row is locked first, as a report and a decision do. The appeal's own notice
   * tells the user, not the day's. Answers the day's status before and after, and what was paid; a day cleared
   * meanwhile stays cleared (granted) or makes the refusal stale (1017).
   */
  async settleAppeal(
    trx: Executor,
    userId: string,
    day: string,
    decision: 'grant' | 'refuse',
    at: { now: number; note: string },
  ): Promise<{ before: FlaggedDayStatus; after: FlaggedDayStatus; points: number; cashBack: number }> {
    await this.stepReports.lockDay(trx, userId, day);
    const review = await this.repository.findReview(trx, userId, day);
    if (!review) throw notFound();
    const before = review.status as FlaggedDayStatus;
    const after: FlaggedDayStatus = decision === 'grant' ? 'cleared' : 'rejected';
    if (before === after || (before === 'cleared' && decision === 'grant')) {
      return { before, after: before, points: 0, cashBack: 0 };
    }
    if (before === 'cleared') throw new AppError('STALE_EDIT', 'staleEdit');
    const values = { status: after, decided_at: at.now, operator_id: this.audit.actorId(), note: at.note };
    if (!(await this.repository.decideReview(trx, review.id, undefined, values, before))) {
      throw new AppError('STALE_EDIT', 'staleEdit');
    }
    const paid = after === 'cleared' ? await this.rewards.releaseHeld(trx, review, false) : { points: 0, cashBack: 0 };
    return { before, after, ...paid };
  }

  async listHomeItems(): Promise<ConsoleHomeItem[]> {
    return (await this.repository.listAllHomeItems(this.db)).map(toConsoleHomeItem);
  }

  createHomeItem(operator: string, kind: HomeItemKind, fields: HomeItemFields): Promise<ConsoleHomeItem> {
    checkImage(kind, fields.image);
    checkTranslatedImages(kind, fields.translations);
    const now = this.clock.now();
    return this.committed(
      this.db.transaction().execute(async (trx) => {
        const row: HomeItemRow = {
          id: randomUUID(),
          kind,
          title: fields.title,
          image: fields.image,
          target: fields.target,
          position: fields.position,
          is_active: fields.active ? 1 : 0,
          version: 1,
          default_language: 'en',
          translations: '{}',
          ...languageColumns(fields),
        };
        await this.repository.insertHomeItem(trx, row);
        await this.audit.record(trx, {
          operator,
          action: 'home-item.create',
          subjectType: 'home-item',
          subjectId: row.id,
          after: snapshot(row),
          now,
        });
        return toConsoleHomeItem(row);
      }),
    );
  }

  /** Changes the item at the version the operator saw; another version is a stale edit (1017). */
  editHomeItem(operator: string, id: string, version: number, fields: HomeItemFields): Promise<ConsoleHomeItem> {
    const now = this.clock.now();
    return this.committed(
      this.db.transaction().execute(async (trx) => {
        const before = await this.repository.findHomeItem(trx, id);
        if (!before) throw notFound();
        checkImage(before.kind as HomeItemKind, fields.image);
        checkTranslatedImages(before.kind as HomeItemKind, fields.translations);
        const values = {
          title: fields.title,
          image: fields.image,
          target: fields.target,
          position: fields.position,
          is_active: fields.active ? 1 : 0,
          ...languageColumns(fields, before),
        };
        if (!(await this.repository.updateHomeItem(trx, id, version, values))) {
          if (!(await this.repository.findHomeItem(trx, id))) throw notFound();
          throw new AppError('STALE_EDIT', 'staleEdit');
        }
        const after: HomeItemRow = { ...before, ...values, version: version + 1 };
        await this.audit.record(trx, {
          operator,
          action:
            before.is_active === values.is_active
              ? 'home-item.edit'
              : values.is_active === 1
                ? 'home-item.activate'
                : 'home-item.deactivate',
          subjectType: 'home-item',
          subjectId: id,
          before: snapshot(before),
          after: snapshot(after),
          now,
        });
        return toConsoleHomeItem(after);
      }),
    );
  }

  removeHomeItem(operator: string, id: string, version: number): Promise<void> {
    const now = this.clock.now();
    return this.committed(
      this.db.transaction().execute(async (trx) => {
        const before = await this.repository.findHomeItem(trx, id);
        if (!before) throw notFound();
        if (!(await this.repository.deleteHomeItem(trx, id, version))) {
          if (!(await this.repository.findHomeItem(trx, id))) throw notFound();
          throw new AppError('STALE_EDIT', 'staleEdit');
        }
        await this.audit.record(trx, {
          operator,
          action: 'home-item.remove',
          subjectType: 'home-item',
          subjectId: id,
          before: snapshot(before),
          now,
        });
      }),
    );
  }
}
