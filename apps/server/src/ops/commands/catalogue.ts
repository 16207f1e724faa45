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

/** The shop's categories and goods. */
export const CATALOGUE_COMMANDS: Command[] = [
  {
    name: 'categories list',
    usage: ['  categories list'],
    run: async ({ deps, values }) => {
      const rows = await deps.services.admin.shop.listCategoriesForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({ id: row.id, name: row.name, position: row.position, active: row.is_active === 1 })),
      );
    },
  },
  {
    name: 'categories set',
    usage: ['  categories set [<categoryId>] [--name TEXT] [--position N] [--active true|false] --operator NAME --yes'],
    run: async ({ deps, values, positionals }) => {
      const id = positionals[2];
      const operator = requireOperator(values);
      const input = {
        id,
        name: optionalText(values.name, 'name', 64),
        position: optionalInteger(values.position, 'position'),
        isActive: optionalBoolean(values.active, 'active'),
      };
      requireYes(values, id ? `change category ${id}` : 'add a category');
      const saved = await deps.services.admin.shop.saveCategory(operator, input);
      deps.out(`category ${saved.id} (${visible(saved.name)}) saved by ${visible(operator)}`);
    },
  },
  {
    name: 'goods list',
    usage: ['  goods list'],
    run: async ({ deps, values }) => {
      const { rows } = await deps.services.admin.shop.listGoodsForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          category: row.category_id,
          name: row.name,
          points: row.points,
          stock: row.stock,
          active: row.is_active === 1,
        })),
      );
    },
  },
  {
    name: 'goods set',
    usage: [
      '  goods set [<goodsId>] [--category ID] [--name TEXT] [--points N] [--stock N] [--description TEXT]',
      '            [--image URL|PATH ...] [--position N] [--active true|false] --operator NAME --yes',
      '                                                          without an id: new goods (category, name,',
      '                                                          points, stock needed); images are https',
      '                                                          URLs or image files (stored as data URLs)',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = positionals[2];
      const operator = requireOperator(values);
      const images = values.image === undefined ? undefined : await Promise.all(values.image.map(imageValue));
      const input = {
        categoryId: optionalText(values.category, 'category', 64),
        name: optionalText(values.name, 'name', 100),
        points: optionalInteger(values.points, 'points'),
        stock: optionalInteger(values.stock, 'stock'),
        description: values.description?.trim(),
        images,
        position: optionalInteger(values.position, 'position'),
        isActive: optionalBoolean(values.active, 'active'),
      };
      requireYes(values, id ? `change goods ${id}` : 'add goods');
      const saved = await deps.services.admin.shop.saveGoods(operator, id, input);
      deps.out(
        `goods ${saved.id} (${visible(saved.name)}, ${saved.points} points, stock ${saved.stock}) saved by ${visible(operator)}`,
      );
    },
  },
];
