import { consoleChannels, consoleCreateChannel, consoleUpdateChannel, type ConsoleChannel } from '@stride/contract';
import { isoTime } from '../../lib/clock.js';
import { contentLanguages, type LanguageInput } from '../../lib/content-language.js';
import { consoleRoutes } from '../../http/console-handler.js';
import type { ChannelInput, CommunityAdmin } from './community.admin.js';
import type { ChannelRow } from './community.repository.js';

function toConsole(row: ChannelRow): ConsoleChannel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    qrImage: row.qr_image,
    ...contentLanguages(row),
    position: Number(row.position),
    active: Number(row.is_active) === 1,
    createdAt: isoTime(Number(row.created_at)),
    version: Number(row.version),
  };
}

const input = (
  body: {
    name: string;
    description: string;
    url: string;
    qrImage: string | null;
    position: number;
    active: boolean;
  } & LanguageInput,
): ChannelInput => ({
  name: body.name,
  description: body.description,
  url: body.url,
  qrImage: body.qrImage,
  position: body.position,
  isActive: body.active,
  languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
});

/**
 * Community channels in the console (decision 028 "Content in the console"): list, add, and edit with stale-edit
 * checks.
 */
export const registerCommunityConsoleRoutes = consoleRoutes('community', (handle, admin: CommunityAdmin) => {
  const name = (operator: { name: string } | null) => operator?.name ?? 'console';

  handle(consoleChannels, async () => (await admin.listForOperators()).map(toConsole));

  handle(consoleCreateChannel, async ({ operator, body }) =>
    toConsole(await admin.save(name(operator), undefined, input(body))),
  );

  handle(consoleUpdateChannel, async ({ operator, params, body }) =>
    toConsole(await admin.save(name(operator), params.id, input(body), body.version)),
  );
});
