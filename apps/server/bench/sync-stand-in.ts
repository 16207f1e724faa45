// The Fitbit stand-in of `npm run bench:sync`, in a process of its own so that the Web API's answers
// cost neither the CPU nor the memory of the process whose syncs are measured. Started by
// apps/server/bench/sync.ts with an IPC channel: it answers the stand-in's address and client
// credentials, then `{ day, count }` gives it that many accounts, each already allowed with the
// tokens `benchGrant` names and each with today's steps, and answers `ready`.
import { pathToFileURL } from 'node:url';
import { startFitbitFake } from '../fakes/fitbit.js';
import type { GrantedAccount } from '../fakes/oauth-cloud.js';

/** The stand-in's client id for the bench: not the demo stand-in's, so no demo seed connects to it. */
export const BENCH_FITBIT_CLIENT_ID = 'BENCH86';

/** The bench's `index`-th account at the stand-in and the tokens of its grant. */
export function benchGrant(index: number): GrantedAccount {
  const id = `B${String(index).padStart(6, '0')}`;
  return {
    id,
    name: `Walker ${index}`,
    device: 'Charge 6',
    accessToken: `bench-at-${id}`,
    refreshToken: `bench-rt-${id}`,
  };
}

/** The bench's `index`-th account's steps today: 3,000–12,999, the same on every run. */
export const benchSteps = (index: number) => 3_000 + ((index * 7_919) % 10_000);

export interface StandInReady {
  url: string;
  env: Record<string, string>;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFitbitFake({ clientId: BENCH_FITBIT_CLIENT_ID });
  process.on('message', (message: { day: string; count: number }) => {
    const granted = Array.from({ length: message.count }, (_, index) => benchGrant(index));
    fake.addGranted(granted);
    granted.forEach((account, index) => fake.walk(account.id, message.day, benchSteps(index)));
    process.send?.({ ready: message.count, calls: fake.calls.length });
  });
  process.on('disconnect', () => void fake.close().then(() => process.exit(0)));
  process.send?.({ url: fake.url, env: fake.env() } satisfies StandInReady);
}
