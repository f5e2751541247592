/**
 * Values computed once per key and kept, up to `max`; past that the least recently used is
 * dropped. For things that are the same for many requests (a sidebar's markup, the entries a
 * set of permissions may open). The key must name every input the value depends on.
 *
 * `full: "clear"` is for many small values looked up many times a request (formatted dates: 50
 * a page): a hit only reads, without moving the key, and a full cache starts again, empty.
 *
 * Usage: `const menus = new BoundedCache<string>(1_000); menus.get(key, () => render())`
 */
export class BoundedCache<T extends NonNullable<unknown>> {
  #entries = new Map<string, T>();
  readonly #clearWhenFull: boolean;
  constructor(readonly max: number, options: { full?: "drop-oldest" | "clear" } = {}) {
    this.#clearWhenFull = options.full === "clear";
  }

  /** The value kept for key, made (and kept) first when there is none. */
  get(key: string, make: () => T): T {
    let value = this.#entries.get(key);
    if (value !== undefined) {
      if (this.#clearWhenFull) return value;
      // Moved to the end: a Map iterates in insertion order, so the front is the coldest.
      this.#entries.delete(key);
    } else {
      value = make();
      if (this.#entries.size >= this.max) {
        if (this.#clearWhenFull) this.#entries.clear();
        else this.#entries.delete(this.#entries.keys().next().value!);
      }
    }
    this.#entries.set(key, value);
    return value;
  }
}
