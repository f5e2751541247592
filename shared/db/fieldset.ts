/**
 * Select lists for sparse fieldsets (shared/http/fields.ts): a repo keeps a fixed map of API field
 * → select item (`"number"`, `"(case … end) as sla_state"`), and a request's fields pick from it.
 * Identifiers come only from the map, never from the request; a name the map does not know (a
 * field computed outside SQL) adds nothing. `always` are the fields the repo itself needs (the id,
 * the keyset cursor's columns): selected whatever was asked, left out of the answer by the router.
 */
export type FieldColumns = Readonly<Record<string, string>>;

// One text per map and set of fields: the same statement text for the same ask (postgres.js
// prepares each text once per connection), built once. Fields are put in the map's order, so
// `a,b` and `b,a` are one statement.
const cache = new WeakMap<FieldColumns, Map<string, string>>();
const CACHE_LIMIT = 200;

/** The select list for `fields` (all of the map when undefined), as SQL text from the map. */
export function selectList(
  map: FieldColumns,
  fields: readonly string[] | undefined,
  always: readonly string[] = [],
): string {
  let known = cache.get(map);
  if (!known) cache.set(map, known = new Map());
  const key = fields ? [...fields].sort().join(",") : "*";
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const wanted = fields ? new Set([...always, ...fields]) : null;
  const items = Object.entries(map).filter(([name]) => !wanted || wanted.has(name))
    .map(([, item]) => item);
  const text = items.join(", ");
  if (known.size < CACHE_LIMIT) known.set(key, text);
  return text;
}

/**
 * The map's values for `fields` (all when undefined) and `always`, each once, in the map's order:
 * for select items built as postgres.js fragments (joined by the repo), where one fragment may
 * stand for several fields.
 */
export function pickFields<V>(
  map: Readonly<Record<string, V>>,
  fields: readonly string[] | undefined,
  always: readonly string[] = [],
): V[] {
  const wanted = fields ? new Set([...always, ...fields]) : null;
  const out: V[] = [];
  for (const [name, value] of Object.entries(map)) {
    if ((!wanted || wanted.has(name)) && !out.includes(value)) out.push(value);
  }
  return out;
}
