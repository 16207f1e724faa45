import { randomUUID } from 'node:crypto';
import { QUICK_ENTRY_ICONS, type ConsoleHomeItem, type HomeItemKind } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isAllowedImageUrl } from '../../lib/image-url.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { HomeItemRow, WalkingRepository } from './walking.repository.js';

export interface HomeItemFields {
  title: string;
  image: string;
  target: string;
  position: number;
  active: boolean;
}

export function toConsoleHomeItem(row: HomeItemRow): ConsoleHomeItem {
  return {
    id: row.id,
    kind: row.kind as HomeItemKind,
    title: row.title,
    image: row.image,
    target: row.target,
    position: row.position,
    active: row.is_active === 1,
    version: row.version,
  };
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

/** Operators' side of home: its banners and quick entries (editors). */
export class WalkingAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  async listHomeItems(): Promise<ConsoleHomeItem[]> {
    return (await this.repository.listAllHomeItems(this.db)).map(toConsoleHomeItem);
  }

  createHomeItem(operator: string, kind: HomeItemKind, fields: HomeItemFields): Promise<ConsoleHomeItem> {
    checkImage(kind, fields.image);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row: HomeItemRow = {
        id: randomUUID(),
        kind,
        title: fields.title,
        image: fields.image,
        target: fields.target,
        position: fields.position,
        is_active: fields.active ? 1 : 0,
        version: 1,
      };
      await this.repository.insertHomeItem(trx, row);
      await this.operators.record(trx, {
        operator,
        action: 'home-item.create',
        subjectType: 'home-item',
        subjectId: row.id,
        after: snapshot(row),
        now,
      });
      return toConsoleHomeItem(row);
    });
  }

  /** Changes the item at the version the operator saw; another version is a stale edit (1017). */
  editHomeItem(operator: string, id: string, version: number, fields: HomeItemFields): Promise<ConsoleHomeItem> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repository.findHomeItem(trx, id);
      if (!before) throw notFound();
      checkImage(before.kind as HomeItemKind, fields.image);
      const values = {
        title: fields.title,
        image: fields.image,
        target: fields.target,
        position: fields.position,
        is_active: fields.active ? 1 : 0,
      };
      if (!(await this.repository.updateHomeItem(trx, id, version, values))) {
        if (!(await this.repository.findHomeItem(trx, id))) throw notFound();
        throw new AppError('STALE_EDIT', 'staleEdit');
      }
      const after: HomeItemRow = { ...before, ...values, version: version + 1 };
      await this.operators.record(trx, {
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
    });
  }

  removeHomeItem(operator: string, id: string, version: number): Promise<void> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repository.findHomeItem(trx, id);
      if (!before) throw notFound();
      if (!(await this.repository.deleteHomeItem(trx, id, version))) {
        if (!(await this.repository.findHomeItem(trx, id))) throw notFound();
        throw new AppError('STALE_EDIT', 'staleEdit');
      }
      await this.operators.record(trx, {
        operator,
        action: 'home-item.remove',
        subjectType: 'home-item',
        subjectId: id,
        before: snapshot(before),
        now,
      });
    });
  }
}
