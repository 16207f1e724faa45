import {
  imageValue,
  optionalBoolean,
  optionalInteger,
  optionalText,
  print,
  requireOperator,
  requireYes,
  visible,
  type Command,
} from '../command.js';

/** Official community channels. */
export const COMMUNITY_COMMANDS: Command[] = [
  {
    name: 'community list',
    usage: ['  community list'],
    run: async ({ deps, values }) => {
      const rows = await deps.services.admin.community.listForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          name: row.name,
          url: row.url,
          qrImage: row.qr_image ? 'configured' : 'drawn from url',
          position: row.position,
          active: row.is_active === 1,
        })),
      );
    },
  },
  {
    name: 'community set',
    usage: [
      '  community set [<channelId>] [--name TEXT] [--description TEXT] [--url URL] [--qr-image URL|PATH|none]',
      '                [--position N] [--active true|false] --operator NAME --yes',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = positionals[2];
      const operator = requireOperator(values);
      const qr = values['qr-image'];
      const input = {
        name: optionalText(values.name, 'name', 64),
        description: values.description === undefined ? undefined : values.description.trim().slice(0, 280),
        url: optionalText(values.url, 'url', 500),
        qrImage: qr === undefined ? undefined : qr === 'none' ? null : await imageValue(qr),
        position: optionalInteger(values.position, 'position'),
        isActive: optionalBoolean(values.active, 'active'),
      };
      requireYes(values, id ? `change channel ${id}` : 'add a channel');
      const saved = await deps.services.admin.community.save(operator, id, input);
      deps.out(`channel ${saved.id} (${visible(saved.name)}) saved by ${visible(operator)}`);
    },
  },
];
