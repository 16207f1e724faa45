// The wearable clouds' stand-ins for `npm start` (scripts/start.mjs; docs/product/step-sources.md,
// Connected accounts): the Huawei Health Kit and Fitbit stand-ins with their demo walkers, on ports
// the system picks, so the demo's watch keeps syncing and a visitor can connect a watch end to end
// without the internet. Prints one line, the JSON of the variables that point the server at them,
// and runs until stopped.
import { parseArgs } from 'node:util';
import { startFitbitFake } from './fitbit.js';
import { startHuaweiHealthFake } from './huawei-health.js';

const { values } = parseArgs({
  options: {
    // The server's Fitbit subscriber endpoint, where the stand-in posts its notifications.
    subscriber: { type: 'string', default: 'http://127.0.0.1:8080/api/providers/fitbit/notifications' },
  },
});

const huawei = await startHuaweiHealthFake({ port: 0, demo: true });
const fitbit = await startFitbitFake({ port: 0, demo: true, subscriberUrl: values.subscriber });
process.stdout.write(`${JSON.stringify({ ...huawei.env(), ...fitbit.env() })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([huawei.close(), fitbit.close()]).then(() => process.exit(0));
  });
}
