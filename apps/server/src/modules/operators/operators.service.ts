import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { Clock } from '../../lib/clock.js';
import { OperatorError } from './operator-error.js';
import type {
  ActionFilter,
  OperatorAction,
  OperatorActionRow,
  OperatorActionsRepository,
} from './operator-actions.repository.js';

/**
 * Who is acting, from where: the console (with the operator's account id) or the command line
 * (with the OS user beside the `--operator` name). Held for the duration of one request or
 * command, so every record written meanwhile carries it without each admin method passing it on.
 */
export interface Actor {
  operatorId?: string;
  source: string;
}

/** What an operator's action records, besides who and when. */
export type RecordedAction = Omit<OperatorAction, 'operator' | 'now'>;

/**
 * One operator decision on one row: "change it if it is still X, then record who did it". The
 * compare-and-set is the transaction's first write, so a second operator waits on the row and then
 * finds it decided, before anything else (money, files) moves.
 */
export interface StateChange<Row, Result> {
  operator: string;
  /** The compare-and-set; false when the row is missing or no longer in the expected state. */
  change: (trx: Executor, now: number) => Promise<boolean>;
  /** The row, read again when the compare-and-set lost, to say what another operator decided. */
  reread: (trx: Executor) => Promise<Row | undefined>;
  /** The refusal when the row does not exist at all. */
  missing: string;
  /** The refusal when the row exists but is no longer in the expected state. */
  lost: (current: Row) => string;
  /** Everything else the decision does, in the same transaction, after the change won. */
  apply: (trx: Executor, now: number) => Promise<Result>;
  /** The action record, written last in the same transaction. */
  record: (result: Result, now: number) => RecordedAction;
}

/** The record of operator actions (who and when), and the one way an operator changes a row's state. */
export class OperatorsService {
  private readonly actor = new AsyncLocalStorage<Actor>();

  constructor(
    private readonly db: Db,
    private readonly actions: OperatorActionsRepository,
    private readonly clock: Clock,
  ) {}

  /** Runs `work` with every action it records attributed to `actor`. */
  as<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
    return this.actor.run(actor, work);
  }

  /** The console operator's account id while one acts (none on the command line). */
  actorId(): string | null {
    return this.actor.getStore()?.operatorId ?? null;
  }

  /** Written in the caller's transaction, next to the change it records. */
  record(db: Executor, action: OperatorAction): Promise<void> {
    const actor = this.actor.getStore();
    return this.actions.record(db, {
      ...(actor?.operatorId ? { operatorId: actor.operatorId } : {}),
      ...(actor ? { source: actor.source } : {}),
      ...action,
    });
  }

  /** A look at personal data, recorded on its own. */
  recordLook(action: Omit<OperatorAction, 'now'>): Promise<void> {
    return this.record(this.db, { ...action, now: this.clock.now() });
  }

  search(filter: ActionFilter, page: { limit: number; offset: number }) {
    return this.actions.search(this.db, filter, page);
  }

  /** The latest actions, newest first. */
  list(limit: number): Promise<OperatorActionRow[]> {
    return this.actions.list(this.db, limit);
  }

  changeState<Row, Result>(step: StateChange<Row, Result>): Promise<Result> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await step.change(trx, now))) {
        const current = await step.reread(trx);
        throw new OperatorError(current ? step.lost(current) : step.missing);
      }
      const result = await step.apply(trx, now);
      await this.record(trx, { ...step.record(result, now), operator: step.operator, now });
      return result;
    });
  }
}
