// The load side of `npm run bench`: autocannon in the bench's own process (the server is a child
// process, so the two never share an event loop), few connections so the generator does not
// starve the server on a small machine, and rounds that alternate the routes so that a neighbour's
// burst of work lands on every route alike.
import autocannon from 'autocannon';

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface Route {
  name: string;
  options: autocannon.Options;
}

export async function load(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon(options);
  return {
    requestsPerSecond: result.requests.total / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface RoundsResult {
  /** Every round's figures per route name, in round order. */
  figures: Map<string, Figures[]>;
  /** Per measured route: each round's ratio to the bare route of the same round. */
  ratios: Map<string, number[]>;
}

/**
 * `count` rounds of `seconds` per route. The first route is the bare one; the order rotates each
 * round, so no route always follows the same one. Each ratio compares two neighbours in time.
 */
export async function rounds(routes: Route[], count: number, seconds: number): Promise<RoundsResult> {
  const figures = new Map<string, Figures[]>(routes.map((route) => [route.name, []]));
  for (let round = 0; round < count; round += 1) {
    for (let index = 0; index < routes.length; index += 1) {
      const route = routes[(index + round) % routes.length]!;
      figures.get(route.name)!.push(await load({ ...route.options, duration: seconds }));
    }
  }
  const [bare, ...measured] = routes;
  const bareRounds = figures.get(bare!.name)!;
  const ratios = new Map(
    measured.map((route) => [
      route.name,
      figures.get(route.name)!.map((figure, round) => figure.requestsPerSecond / bareRounds[round]!.requestsPerSecond),
    ]),
  );
  return { figures, ratios };
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');

export const formatFigures = (f: Figures): string =>
  `${int(f.requestsPerSecond)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`;

/** The median of a route's rounds, with the spread of its rate. */
export function formatRounds(list: Figures[]): string {
  const rates = list.map((f) => f.requestsPerSecond);
  const failures = list.reduce((sum, f) => sum + f.non2xx + f.errors, 0);
  return `${int(median(rates))} req/s (${int(Math.min(...rates))}–${int(Math.max(...rates))}), p50 ${median(list.map((f) => f.p50))} ms, p99 ${median(list.map((f) => f.p99))} ms${failures ? `, ${failures} failed` : ''}`;
}

export const formatRatio = (values: number[]): string =>
  `**${median(values).toFixed(2)}** (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
