import {
  imageValue,
  listCommand,
  optionalInteger,
  optionalText,
  placement,
  saveCommand,
  visible,
  type Command,
} from '../command.js';

/** The shop's categories and goods. */
export const CATALOGUE_COMMANDS: Command[] = [
  listCommand({
    name: 'categories list',
    rows: (deps) => deps.services.admin.shop.listCategoriesForOperators(),
    columns: (row) => ({ id: row.id, name: row.name, position: row.position, active: row.is_active === 1 }),
  }),
  saveCommand({
    name: 'categories set',
    usage: ['  categories set [<categoryId>] [--name TEXT] [--position N] [--active true|false] --operator NAME --yes'],
    what: 'category',
    adding: 'add a category',
    input: (values, id) => ({
      id,
      name: optionalText(values.name, 'name', 64),
      ...placement(values),
    }),
    save: (deps, operator, _id, input) => deps.services.admin.shop.saveCategory(operator, input),
  }),
  listCommand({
    name: 'goods list',
    rows: async (deps) => (await deps.services.admin.shop.listGoodsForOperators()).rows,
    columns: (row) => ({
      id: row.id,
      category: row.category_id,
      name: row.name,
      points: row.points,
      stock: row.stock,
      active: row.is_active === 1,
    }),
  }),
  saveCommand({
    name: 'goods set',
    usage: [
      '  goods set [<goodsId>] [--category ID] [--name TEXT] [--points N] [--stock N] [--description TEXT]',
      '            [--image URL|PATH ...] [--position N] [--active true|false] --operator NAME --yes',
      '                                                          without an id: new goods (category, name,',
      '                                                          points, stock needed); images are https',
      '                                                          URLs or image files (stored as data URLs)',
    ],
    what: 'goods',
    adding: 'add goods',
    input: async (values) => {
      const images = values.image === undefined ? undefined : await Promise.all(values.image.map(imageValue));
      return {
        categoryId: optionalText(values.category, 'category', 64),
        name: optionalText(values.name, 'name', 100),
        points: optionalInteger(values.points, 'points'),
        stock: optionalInteger(values.stock, 'stock'),
        description: values.description?.trim(),
        images,
        ...placement(values),
      };
    },
    save: (deps, operator, id, input) => deps.services.admin.shop.saveGoods(operator, id, input),
    describe: (saved) => `${visible(saved.name)}, ${saved.points} points, stock ${saved.stock}`,
  }),
];
