export const DEVICE_ID_KEY = 'deviceId';

/** Timestamp plus a random number (docs/product/client.md, Storage), made once per browser and kept. */
export function getDeviceId(
  storage: Storage = window.localStorage,
  now: () => number = Date.now,
  random: () => number = Math.random,
): string {
  const saved = storage.getItem(DEVICE_ID_KEY);
  // The step counter reports it as its device (the contract's DeviceIdSchema): a hand-edited value is made again.
  if (saved && /^[A-Za-z0-9_-]{8,64}$/.test(saved)) return saved;
  const id = `${now()}${Math.floor(random() * 1_000_000)
    .toString()
    .padStart(6, '0')}`;
  storage.setItem(DEVICE_ID_KEY, id);
  return id;
}
