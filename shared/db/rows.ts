import type { PendingQuery } from "./sql.ts";

/**
 * Rows as objects of one shape, for statements whose rows are wide or many (lists on the hot
 * path, docs/architecture.md, "The request hot path").
 *
 * postgres.js builds each row by adding its columns one at a time to `{}`. Past about 16 columns
 * V8 turns such an object into a hash table ("dictionary mode"): a few KB a row instead of a few
 * hundred bytes, slow to read, to copy and to encode as JSON, and under load it lives long enough
 * to be copied by the young-generation collector. Asked for `.values()`, the driver gives each row
 * as an array instead, and one function per column list, generated once, builds the object as a
 * single literal: every row of a statement then shares one hidden class. A bare server running
 * the ticket list's SQL answered about a third more requests this way (2,550–2,750 → 3,400–3,600
 * req/s, 2026-11-27).
 *
 * Only for statements of our own SQL: their column lists are few, and each keeps its builder.
 */
export async function rowsOf<T>(query: PendingQuery): Promise<T[]> {
  const result = await query.values();
  const count = result.length;
  const rows = new Array<T>(count);
  if (count === 0) return rows;
  const build = builderFor(result.columns);
  for (let i = 0; i < count; i++) rows[i] = build(result[i]) as T;
  // The driver's query, a Promise, keeps the array it answered for as long as it lives itself,
  // and a query is often an old-generation object (V8 allocates them there once many have lived
  // long, waiting for a connection). A dead old query is found only by a full collection; until
  // then every young collection kept its value arrays, and promoted them to the old generation:
  // 20 % of all the memory a ticket-list request allocated. Emptied, the query keeps nothing.
  result.length = 0;
  return rows;
}

/** The first row as an object (see rowsOf), or undefined. */
export async function rowOf<T>(query: PendingQuery): Promise<T | undefined> {
  return (await rowsOf<T>(query))[0];
}

type Build = (values: readonly unknown[]) => unknown;

const byNames = new Map<string, Build>();
/** A prepared statement keeps its column list: found here without joining the names again. */
const byColumns = new WeakMap<readonly { name: string }[], Build>();

function builderFor(columns: readonly { name: string }[]): Build {
  let build = byColumns.get(columns);
  if (build) return build;
  const names = columns.map((c) => c.name);
  const key = names.join("\0");
  build = byNames.get(key);
  if (!build) {
    // A literal `"__proto__": v` would set the prototype; a computed key makes it a property.
    const fields = names.map((name, i) =>
      `${name === "__proto__" ? '["__proto__"]' : JSON.stringify(name)}: v[${i}]`
    );
    // The names are the statement's own columns, each quoted as a string literal.
    build = new Function("v", `return { ${fields.join(", ")} };`) as Build;
    byNames.set(key, build);
  }
  byColumns.set(columns, build);
  return build;
}
