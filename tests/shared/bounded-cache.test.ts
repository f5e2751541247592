import assert from "node:assert/strict";
import { BoundedCache } from "../../shared/bounded-cache.ts";

/** Which keys had to be made while the given keys were looked up in turn. */
function made(cache: BoundedCache<string>, keys: string[]) {
  const out: string[] = [];
  for (const k of keys) cache.get(k, () => (out.push(k), k.toUpperCase()));
  return out;
}

Deno.test("bounded cache: past its size the least recently used goes", () => {
  const cache = new BoundedCache<string>(2);
  assert.deepEqual(made(cache, ["a", "b", "a", "c"]), ["a", "b", "c"]);
  // "a" was used after "b", so "b" went and "a" stayed.
  assert.deepEqual(made(cache, ["a", "b"]), ["b"]);
  assert.equal(cache.get("b", () => "other"), "B");
});

Deno.test("bounded cache, full: clear — hits only read, and a full cache starts again", () => {
  const cache = new BoundedCache<string>(2, { full: "clear" });
  assert.deepEqual(made(cache, ["a", "b", "a", "b"]), ["a", "b"]);
  // Full: the third key empties it, so "b", used last, is made again (it would have stayed if
  // only the least recently used went).
  assert.deepEqual(made(cache, ["c", "b"]), ["c", "b"]);
});
