/**
 * The first matches of a search over a large tenant table in a fixed order (newest first, or by
 * name), with bounded work whether the words are everywhere or nowhere.
 *
 * One plain query cannot do both: walking the order's index and filtering stops early when
 * matches are common but reads the whole tenant when they are rare, while the trigram index
 * finds rare matches at once but must fetch and sort every match of a common word. So:
 * 1. the `window` first rows in the order (through the order's index) are filtered; when they
 *    hold `limit` matches, those are the answer;
 * 2. otherwise matches are rare: the trigram index finds those beyond the window, sorted.
 * Queries shorter than a trigram (3 characters) only look at the window: without a trigram the
 * index would have to be read whole.
 */
import type { Sql } from "./sql.ts";
import { escapeLike } from "../text/fold.ts";

/** A postgres.js SQL fragment (what `sql\`…\`` returns). */
// deno-lint-ignore no-explicit-any
type Fragment = any;

export interface OrderedMatches {
  /** The table (a constant of the calling repo, never input). */
  table: string;
  /** Its folded search column, with a trigram (gin_trgm_ops) index. */
  column: string;
  /** The sort key, e.g. "created_at, id" or "lower(name), id", backed by a b-tree index. */
  key: string;
  /** Descending (newest first) or ascending (by name). */
  desc: boolean;
  /** More conditions on the table's own columns (visibility, not deleted, …). */
  filter?: Fragment;
  /** The folded query (see shared/text/fold.ts). */
  folded: string;
  /** What to return of each row (the table's own columns, unqualified); default `id`. */
  columns?: Fragment;
  limit: number;
  /** Rows of the first step; default 2,000 (a few milliseconds). */
  window?: number;
}

/** The first `limit` rows matching `folded`, in the key's order. */
export async function orderedMatches<T extends object = { id: string }>(
  sql: Sql,
  o: OrderedMatches,
): Promise<T[]> {
  const window = o.window ?? 2000;
  const table = sql(o.table);
  const key = sql.unsafe(o.key);
  const order = sql.unsafe(o.key.split(",").map((k) => `${k} ${o.desc ? "desc" : "asc"}`).join());
  const match = sql`${sql(o.column)} like ${`%${escapeLike(o.folded)}%`}`;
  const filter = o.filter ? sql`and ${o.filter}` : sql``;
  const columns = o.columns ?? sql`id`;
  const first = await sql<T[]>`
    select ${columns} from (select * from ${table} order by ${order} limit ${window}) w
    where ${match} ${filter} order by ${order} limit ${o.limit}`;
  if (first.length === o.limit || o.folded.length < 3) return [...first];
  // Beyond the window's last row. `offset 0` keeps the planner from walking the order's index
  // again (it cannot know the matches are rare): the trigram index finds them, then a sort.
  const edge = sql`(select ${key} from ${table} order by ${order} offset ${window - 1} limit 1)`;
  const rest = await sql<T[]>`
    select ${columns} from (
      select * from ${table}
      where ${match} ${filter} and (${key}) ${sql.unsafe(o.desc ? "<" : ">")} ${edge}
      offset 0) m
    order by ${order} limit ${o.limit - first.length}`;
  return [...first, ...rest];
}
