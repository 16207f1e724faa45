import { imageValue, listCommand, optionalText, placement, saveCommand, type Command } from '../command.js';

/** Official community channels. */
export const COMMUNITY_COMMANDS: Command[] = [
  listCommand({
    name: 'community list',
    rows: (deps) => deps.services.admin.community.listForOperators(),
    columns: (row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      qrImage: row.qr_image ? 'configured' : 'drawn from url',
      position: row.position,
      active: row.is_active === 1,
    }),
  }),
  saveCommand({
    name: 'community set',
    usage: [
      '  community set [<channelId>] [--name TEXT] [--description TEXT] [--url URL] [--qr-image URL|PATH|none]',
      '                [--position N] [--active true|false] --operator NAME --yes',
    ],
    what: 'channel',
    adding: 'add a channel',
    input: async (values) => {
      const qr = values['qr-image'];
      return {
        name: optionalText(values.name, 'name', 64),
        description: values.description === undefined ? undefined : values.description.trim().slice(0, 280),
        url: optionalText(values.url, 'url', 500),
        qrImage: qr === undefined ? undefined : qr === 'none' ? null : await imageValue(qr),
        ...placement(values),
      };
    },
    save: (deps, operator, id, input) => deps.services.admin.community.save(operator, id, input),
  }),
];
