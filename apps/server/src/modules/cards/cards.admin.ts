import { randomUUID } from 'node:crypto';
import {
  cashBackOverTerm,
  paysBackMoreThanPrice,
  type CardPlanTerms,
  type ConsoleCardPlan,
  type Language,
  type OperatorRole,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import { normalizeTranslations, parseTranslations } from '../../lib/content-language.js';
import type { AuditService } from '../audit/audit.service.js';
import { toConsoleCardPlan } from './cards.mapper.js';
import type { CardPlanRow, CardsRepository } from './cards.repository.js';

/** What an action record shows of a plan version: its terms and whether it is on sale. */
function snapshot(row: CardPlanRow): Record<string, unknown> {
  return {
    version: row.version,
    name: row.name,
    defaultLanguage: row.default_language,
    translations: parseTranslations(row.translations),
    price: row.price,
    days: row.days,
    dailyTarget: row.daily_target,
    dailyCashBack: row.daily_cash_back,
    multiplierPercent: row.multiplier_percent,
    position: row.position,
    onSale: row.retired_at === null,
  };
}

function termsColumns(terms: CardPlanTerms, kept?: CardPlanRow) {
  const defaultLanguage = terms.defaultLanguage ?? (kept?.default_language as Language | undefined) ?? 'en';
  return {
    name: terms.name,
    default_language: defaultLanguage,
    translations: terms.translations
      ? normalizeTranslations(defaultLanguage, terms.translations)
      : (kept?.translations ?? '{}'),
    price: terms.price,
    days: terms.days,
    daily_target: terms.dailyTarget,
    daily_cash_back: terms.dailyCashBack,
    multiplier_percent: terms.multiplierPercent,
    position: terms.position,
  };
}

/**
 * Terms whose cash back over the whole term is more than the price (a card could pay back its whole price) are saved
 * only with `confirmLoss` from an operator holding finance (docs/console/plans-and-home.md): refused otherwise, before
 * anything is written. Answers what the action record says of a confirmation, or nothing when none was needed.
 */
function confirmedLoss(terms: CardPlanTerms, roles: readonly OperatorRole[]): Record<string, unknown> {
  if (!paysBackMoreThanPrice(terms)) return {};
  const total = cashBackOverTerm(terms);
  if (terms.confirmLoss !== true) {
    throw new AppError('BUSINESS_RULE', 'planLossUnconfirmed', {
      days: terms.days,
      total: formatMoney(total),
      price: formatMoney(terms.price),
    });
  }
  if (!roles.includes('finance')) throw new AppError('FORBIDDEN', 'forbidden');
  return { lossConfirmed: { cashBackOverTerm: total, price: terms.price } };
}

/**
 * Operators' side of card plans (decision 025 "Card plans and the home page in the console"). The terms of a card
 * already sold never change: the card and its order point at the plan row (the version) they were sold under, and an
 * edit adds a new version instead of changing that row. The old version is retired, so it is no longer
 * for sale; online orders created under it may still be paid until they expire, at the price and
 * on the terms they were created with.
 */
export class CardsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: CardsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async listPlans(status: 'onSale' | 'retired' | 'all'): Promise<ConsoleCardPlan[]> {
    const rows = await this.repository.listPlansForOperators(this.db, status, this.clock.now());
    return rows.map(toConsoleCardPlan);
  }

  private async view(trx: Executor, id: string): Promise<ConsoleCardPlan> {
    const rows = await this.repository.listPlansForOperators(trx, 'all', this.clock.now());
    const row = rows.find((plan) => plan.id === id);
    if (!row) throw notFound();
    return toConsoleCardPlan(row);
  }

  /** `roles`: the operator's, for a plan that pays back more than its price (`confirmedLoss`). */
  async createPlan(
    operator: string,
    terms: CardPlanTerms,
    roles: readonly OperatorRole[] = [],
  ): Promise<ConsoleCardPlan> {
    const now = this.clock.now();
    const confirmed = confirmedLoss(terms, roles);
    return this.db.transaction().execute(async (trx) => {
      const id = randomUUID();
      const row: CardPlanRow = {
        id,
        ...termsColumns(terms),
        is_active: 1,
        created_at: now,
        version: 1,
        family_id: id,
        retired_at: null,
        replaced_by: null,
      };
      await this.repository.insertPlan(trx, row);
      await this.audit.record(trx, {
        operator,
        action: 'card-plan.create',
        subjectType: 'card-plan',
        subjectId: id,
        ...(Object.keys(confirmed).length > 0 ? { detail: confirmed } : {}),
        after: snapshot(row),
        now,
      });
      return this.view(trx, id);
    });
  }

  /**
   * A new version with these terms replaces version `version` of plan `id` on sale. The old
   * version is retired first, by a compare-and-set on its version, so of two operators editing
   * the same version one wins and the other is told to reload (1017).
   */
  async editPlan(
    operator: string,
    id: string,
    version: number,
    terms: CardPlanTerms,
    roles: readonly OperatorRole[] = [],
  ): Promise<ConsoleCardPlan> {
    const now = this.clock.now();
    const confirmed = confirmedLoss(terms, roles);
    return this.db.transaction().execute(async (trx) => {
      const nextId = randomUUID();
      const old = await this.retire(trx, id, version, { retired_at: now, replaced_by: nextId });
      const next: CardPlanRow = {
        id: nextId,
        ...termsColumns(terms, old),
        is_active: 1,
        created_at: now,
        version: old.version + 1,
        family_id: old.family_id,
        retired_at: null,
        replaced_by: null,
      };
      await this.repository.insertPlan(trx, next);
      await this.audit.record(trx, {
        operator,
        action: 'card-plan.edit',
        subjectType: 'card-plan',
        subjectId: old.family_id,
        detail: { replaced: old.id, by: nextId, ...confirmed },
        before: snapshot(old),
        after: snapshot(next),
        now,
      });
      return this.view(trx, nextId);
    });
  }

  /** Takes version `version` of plan `id` off sale for good. */
  retirePlan(operator: string, id: string, version: number): Promise<ConsoleCardPlan> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const old = await this.retire(trx, id, version, { retired_at: now, replaced_by: null });
      await this.audit.record(trx, {
        operator,
        action: 'card-plan.retire',
        subjectType: 'card-plan',
        subjectId: old.family_id,
        detail: { version: old.id },
        before: snapshot(old),
        after: { ...snapshot(old), onSale: false },
        now,
      });
      return this.view(trx, id);
    });
  }

  /** The compare-and-set, as the transaction's first write; answers the version as it was. */
  private async retire(
    trx: Executor,
    id: string,
    version: number,
    change: { retired_at: number; replaced_by: string | null },
  ): Promise<CardPlanRow> {
    if (!(await this.repository.retirePlan(trx, id, version, change))) {
      if (!(await this.repository.findPlan(trx, id))) throw notFound();
      throw new AppError('STALE_EDIT', 'staleEdit');
    }
    const row = await this.repository.findPlan(trx, id);
    if (!row) throw notFound();
    return { ...row, is_active: 1, retired_at: null, replaced_by: null };
  }
}
