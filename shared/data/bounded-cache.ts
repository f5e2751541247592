/**
 * Values computed once per key and kept, the oldest dropped first once `max` are held: for
 * things that are the same for many requests (a sidebar's markup, the menu a set of permissions
 * may open). The key must name every input the value depends on.
 *
 * Usage: `const menus = new BoundedCache<string>(1_000); menus.get(key, () => render())`
 */
export class BoundedCache<T> {
  #entries = new Map<string, T>();
  constructor(readonly max: number) {}

  get(key: string, make: () => T): T {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, value);
    }
    return value;
  }
}
