/**
 * What is the same for every user (operator content: home items, the latest notices), kept in
 * process for at most `ttlMs` after a read (decision 053 "Fewer statements for home and for money"). The server that
 * changes it calls `clear()` after its commit, so it shows at once there; every other server sharing the database
 * reads it again within `ttlMs`. A read that was under way when the cache was cleared is answered
 * but not kept (the generation check), so it cannot put back what was just replaced. `ttlMs` 0
 * keeps nothing.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    /** Keys kept at most (one per language, say); the oldest leave first. */
    private readonly maxEntries = 32,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.until > performance.now()) return entry.value;
    const generation = this.generation;
    const readAt = performance.now();
    const value = await load();
    if (this.ttlMs > 0 && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: readAt + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
