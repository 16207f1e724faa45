/**
 * A JSON value kept under a key. A damaged or hand-edited value reads as absent (`check` refuses
 * it), and a full or blocked storage loses the write, not the app: the caller keeps its value in
 * memory meanwhile.
 */
export function readJson<T>(storage: Storage, key: string, check: (value: unknown) => value is T): T | undefined {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    return check(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the value lives on in memory.
  }
}
