import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { languageColumns, type LanguageInput } from '../../lib/content-language.js';
import { isAllowedImageUrl } from '../../lib/image-url.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ChannelRow, CommunityRepository } from './community.repository.js';

export interface ChannelInput {
  name?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
  /** An image URL or data URL; null: draw a QR code from the link. */
  qrImage?: string | null | undefined;
  position?: number | undefined;
  isActive?: boolean | undefined;
  /** The language of name and description, and the other languages (decision 042 "Content in every language"). */
  languages?: LanguageInput | undefined;
}

function isWebLink(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Operators add and change community channels. */
export class CommunityAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: CommunityRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  listForOperators() {
    return this.repository.list(this.db, { includeInactive: true });
  }

  /**
   * Adds a channel (no id) or changes one. With `version` (the console's edits) the change applies
   * only if the channel is still at that version; otherwise it is refused as stale (1017).
   */
  async save(operator: string, id: string | undefined, input: ChannelInput, version?: number): Promise<ChannelRow> {
    if (input.url !== undefined && !isWebLink(input.url)) throw new OperatorError('--url must be an http(s) link.');
    if (input.qrImage && !isAllowedImageUrl(input.qrImage)) {
      throw new OperatorError('--qr-image must be an https: URL or an image file.');
    }
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      let channelId = id;
      let before: ChannelRow | undefined;
      if (channelId) {
        before = await this.repository.find(trx, channelId);
        if (!before) throw new OperatorError(`No channel ${channelId}`);
        const changed = await this.repository.update(
          trx,
          channelId,
          {
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.description === undefined ? {} : { description: input.description }),
            ...(input.url === undefined ? {} : { url: input.url }),
            ...(input.qrImage === undefined ? {} : { qr_image: input.qrImage }),
            ...(input.position === undefined ? {} : { position: input.position }),
            ...(input.isActive === undefined ? {} : { is_active: input.isActive ? 1 : 0 }),
            ...languageColumns(input.languages ?? {}, before),
          },
          version,
        );
        if (!changed) throw new AppError('STALE_EDIT', 'staleEdit');
      } else {
        if (!input.name || !input.url) throw new OperatorError('A new channel needs --name and --url.');
        channelId = randomUUID();
        await this.repository.insert(trx, {
          id: channelId,
          name: input.name,
          description: input.description ?? '',
          url: input.url,
          qr_image: input.qrImage ?? null,
          position: input.position ?? 0,
          is_active: input.isActive === false ? 0 : 1,
          created_at: now,
          ...languageColumns(input.languages ?? {}),
        });
      }
      const saved = await this.repository.find(trx, channelId);
      if (!saved) throw new OperatorError(`No channel ${channelId}`);
      await this.audit.record(trx, {
        operator,
        action: id ? 'community.update' : 'community.create',
        subjectType: 'community-channel',
        subjectId: channelId,
        detail: {
          name: input.name,
          url: input.url,
          hasImage: input.qrImage ? true : undefined,
          isActive: input.isActive,
        },
        ...(before ? { before: snapshot(before) } : {}),
        after: snapshot(saved),
        now,
      });
      return saved;
    });
  }
}

function snapshot(row: ChannelRow) {
  return {
    name: row.name,
    description: row.description,
    url: row.url,
    qrImage: row.qr_image,
    position: row.position,
    active: row.is_active === 1,
    version: row.version,
    defaultLanguage: row.default_language,
    translations: row.translations,
  };
}
