import type { Language, ResponseOf, listCommunityChannels } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { localize } from '../../lib/content-language.js';
import { qrDataUrl } from '../../lib/qr.js';
import type { CommunityRepository } from './community.repository.js';

type Channel = ResponseOf<typeof listCommunityChannels>[number];

/** Official community channels (open without login); operators change them. */
export class CommunityService {
  constructor(
    private readonly db: Db,
    private readonly repository: CommunityRepository,
  ) {}

  async list(language: Language): Promise<Channel[]> {
    const rows = await this.repository.list(this.db);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        ...localize(language, row, { name: row.name, description: row.description }),
        url: row.url,
        qrImage: row.qr_image ?? (await qrDataUrl(row.url)),
      })),
    );
  }
}
