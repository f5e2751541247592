/**
 * Values computed once per key and kept, up to `max`; past that the least recently used is
 * dropped. For things that are the same for many requests (a sidebar's markup, the entries a
 * set of permissions may open). The key must name every input the value depends on.
 *
 * Usage: `const menus = new BoundedCache<string>(1_000); menus.get(key, () => render())`
 */
export class BoundedCache<T extends NonNullable<unknown>> {
  #entries = new Map<string, T>();
  constructor(readonly max: number) {}

  /** The value kept for key, made (and kept) first when there is none. */
  get(key: string, make: () => T): T {
    let value = this.#entries.get(key);
    if (value !== undefined) {
      // Moved to the end: a Map iterates in insertion order, so the front is the coldest.
      this.#entries.delete(key);
    } else {
      value = make();
      if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, value);
    return value;
  }
}
