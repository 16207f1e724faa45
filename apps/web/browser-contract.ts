import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * What the browser keeps of the contract (decision 065 "The contract without its schemas in the browser"). The client
 * sends a call by its endpoint's method and path (src/lib/http/client.ts) and never validates with the endpoint's
 * schemas, so the web app's build:
 * - leaves out each `defineEndpoint` call's schemas and summary, and what a helper spreads into it (`...paged(...)`:
 *   a spread in a definition holds only schemas);
 * - builds each of the contract's top-level values (`const X = z.object(...)`, `X.optional()`,
 *   a helper's result) in a function call marked pure, so that the bundler leaves out every one
 *   nothing uses. Building a schema changes nothing outside it; the bundler cannot know that by
 *   itself for a chain such as `MoneySchema.nullable()`.
 * The contract's schemas, and zod with them, then drop out of every page that uses no schema by
 * name. The server, the console and the unit tests keep the whole contract.
 */
export const BROWSER_DROPS = ['summary', 'params', 'query', 'body', 'response'] as const;

const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/].+(?<!\.test)\.ts$/;

/** Initialisers that already build nothing at once, left as they are. */
const INERT = new Set(['Literal', 'ArrowFunctionExpression', 'FunctionExpression', 'Identifier', 'TemplateLiteral']);

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every node under `root`, depth first. */
function* nodes(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* nodes(item);
    } else if (isNode(value)) yield* nodes(value);
  }
}

function keyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

export function browserContract(): Plugin {
  return {
    name: 'stride-browser-contract',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const s = new MagicString(code);
      let changed = 0;
      const program = this.parse(code) as unknown as Node;
      for (const statement of program.body as Node[]) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (!init || INERT.has(init.type)) continue;
          s.prependLeft(init.start, '/* @__PURE__ */ (() => (');
          s.appendRight(init.end, '))()');
          changed += 1;
        }
      }
      for (const node of nodes(program)) {
        const callee = node.callee as Node | undefined;
        if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineEndpoint')
          continue;
        const [definition] = node.arguments as Node[];
        if (definition?.type !== 'ObjectExpression') {
          this.error(`${id}: defineEndpoint is given something other than an object literal`);
        }
        for (const property of definition.properties as Node[]) {
          if (property.type === 'SpreadElement') {
            const spread = property.argument as Node;
            s.overwrite(spread.start, spread.end, '{}');
            changed += 1;
            continue;
          }
          const name = property.type === 'Property' ? keyName(property) : undefined;
          if (!name || !(BROWSER_DROPS as readonly string[]).includes(name)) continue;
          // `{ summary }` names its value by its key: both become `summary: undefined`.
          if (property.shorthand) s.overwrite(property.start, property.end, `${name}: undefined`);
          else s.overwrite((property.value as Node).start, (property.value as Node).end, 'undefined');
          changed += 1;
        }
      }
      if (changed === 0) return null;
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}
