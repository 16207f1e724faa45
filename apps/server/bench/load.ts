// The load side of `npm run bench`: autocannon in the bench's own process (the server is a child
// process, so the two never share an event loop), few connections so the generator does not
// starve the server on a small machine, and rounds that alternate the routes so that a neighbour's
// burst of work lands on every route alike.
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

export interface Figures {
  requestsPerSecond: number;
  /** Requests answered. */
  total: number;
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
    total: result.requests.total,
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

/** Whole numbers, but one decimal under 10 (the login lines). */
const int = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

export const formatFigures = (f: Figures): string =>
  `${int(f.requestsPerSecond)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`;

/** The median of a route's rounds, with the spread of its rate. */
export function formatRounds(list: Figures[]): string {
  const rates = list.map((f) => f.requestsPerSecond);
  const failures = list.reduce((sum, f) => sum + f.non2xx + f.errors, 0);
  return `${int(median(rates))} req/s (${int(Math.min(...rates))}–${int(Math.max(...rates))}), p50 ${median(list.map((f) => f.p50))} ms, p99 ${median(list.map((f) => f.p99))} ms${failures ? `, ${failures} failed` : ''}`;
}

/** Paced rounds of one route: the rate reached, the medians of p50 and p99, and p99's spread. */
export function formatPaced(list: Figures[]): string {
  const p99s = list.map((f) => f.p99);
  const failures = list.reduce((sum, f) => sum + f.non2xx + f.errors, 0);
  return `${int(median(list.map((f) => f.requestsPerSecond)))} req/s, p50 ${median(list.map((f) => f.p50))} ms, p99 ${median(p99s)} ms (${Math.min(...p99s)}–${Math.max(...p99s)})${failures ? `, ${failures} failed` : ''}`;
}

export const formatRatio = (values: number[]): string =>
  `**${median(values).toFixed(2)}** (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

const percentile = (sorted: number[], share: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

/**
 * An open loop at a fixed rate: request i leaves at start + i / rate (autocannon's own rate limit
 * sends each second's requests in one burst), over at most `connections` kept-alive sockets. A
 * latency runs from when the request was due, so time spent waiting for a free socket counts.
 */
export async function paced(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - due);
          else failures += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
      req.end();
    });
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && started + (sent * 1000) / rate <= now) {
      pending.push(send(started + (sent * 1000) / rate));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  return {
    requestsPerSecond: latencies.length / elapsed,
    total: latencies.length,
    p50: round1(percentile(latencies, 0.5)),
    p99: round1(percentile(latencies, 0.99)),
    non2xx: failures,
    errors: 0,
  };
}
