/**
 * A map that forgets everything once it holds `limit` entries: the labels, the same in every
 * invoice, stay cached; one-off texts (names, descriptions) cannot make it grow without bound.
 */
export class BoundedCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly limit = 2000) {}
  get(key: string): T | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: T): void {
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
  }
}
