import { isoTime } from '../../lib/clock.js';
import type { ShipmentKind } from '../../modules/shipping/shipping.js';
import {
  oneOf,
  print,
  requireId,
  requireOperator,
  requireYes,
  shipCommand,
  shipmentColumns,
  type Command,
  type OpsDeps,
} from '../command.js';

type Shipment = Parameters<typeof shipmentColumns>[0] & {
  id: string;
  user_id: string;
  status: string;
  created_at: number;
};

/** What the commands call of a kind's shipping steps (its `ShippingAdmin`). */
interface ShippingSteps {
  readonly kind: ShipmentKind;
  ship(operator: string, id: string, shipment: { carrier: string; trackingNumber: string }): Promise<unknown>;
  arrive(operator: string, id: string): Promise<unknown>;
}

/**
 * The three commands of every kind of shipment (decision 092 "One shipping pipeline"): `list` (the queue by default),
 * `ship`, and the step that says it arrived.
 */
export function shippingCommands<S extends string, Row extends Shipment>(kind: {
  area: string;
  idName: string;
  /** Every status, the queue's first (the default of `list`). */
  statuses: readonly [S, ...S[]];
  /** What `list` lists, for its usage line. */
  what: string;
  list: (deps: OpsDeps, status: S) => Promise<Row[]>;
  /** What a row shows of its own, between its owner and its status. */
  columns: (row: Row) => Record<string, unknown>;
  steps: (deps: OpsDeps) => ShippingSteps;
  /** The last step's command, and a note for its usage line. */
  arrive: { command: string; note: string };
}): Command[] {
  const { area, idName, statuses, arrive } = kind;
  const line = (row: Row) => ({
    id: row.id,
    userId: row.user_id,
    ...kind.columns(row),
    status: row.status,
    ...shipmentColumns(row),
    createdAt: isoTime(row.created_at),
  });
  return [
    {
      name: `${area} list`,
      usage: [`  ${area} list [--status ${statuses.join('|')}]   ${kind.what} (default: ${statuses[0]})`],
      run: async ({ deps, values }) => {
        const status = oneOf(values.status, statuses, statuses[0]);
        print(deps, values, (await kind.list(deps, status)).map(line));
      },
    },
    shipCommand(area, idName, (deps, operator, id, shipment) => kind.steps(deps).ship(operator, id, shipment)),
    {
      name: `${area} ${arrive.command}`,
      usage: [`  ${area} ${arrive.command} <${idName}> --operator NAME --yes${arrive.note}`],
      run: async ({ deps, values, positionals }) => {
        const id = requireId(positionals, idName);
        const operator = requireOperator(values);
        const steps = kind.steps(deps);
        requireYes(values, `mark ${id} ${steps.kind.arrived}`);
        await steps.arrive(operator, id);
        deps.out(`${id}: ${steps.kind.arrived} by ${operator}`);
      },
    },
  ];
}
