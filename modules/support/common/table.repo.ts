import type { Sql } from "../../../shared/db/database.ts";
import { foldedContains } from "../../../shared/text/fold.ts";

/** A plain tenant table read and written through the request's scoped transaction (RLS). */
export interface TableDef {
  table: string;
  /** Selected columns, camelCase (the driver maps them to snake_case). */
  columns: string[];
  /** Constant SQL expression the list sorts by (with id as the tie-breaker). */
  sort: string;
  /** Columns matched by the `q` filter (substring, folded: case, accents and Turkish i). */
  search: string[];
  /**
   * A stored column holding the `search` columns already folded (a generated
   * `platform_fold(...)` column with a trigram index, for tables that grow large); without it
   * each column is folded at query time.
   */
  searchColumn?: string;
  /** Columns holding JSON. */
  json?: string[];
}

export type Row = Record<string, unknown> & { id: string };
export type Filters = Record<string, string | boolean | null | undefined>;

/** A LIKE pattern for folded text containing the folded `q` (see shared/text/fold.ts). */
export const likePattern = foldedContains;

export function tableRepo<T extends Row>(def: TableDef) {
  const all = [...def.columns, "createdAt", "updatedAt"];
  // A sparse fieldset (`fields=`) picks among the table's own columns: names never reach the SQL
  // unless they are one of them; the id is read always (the cursor's tie-breaker).
  const cols = (sql: Sql, fields?: readonly string[]) =>
    sql(["id", ...(fields ? all.filter((c) => fields.includes(c)) : all)]);
  const values = (sql: Sql, data: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) {
      if (v === undefined) continue;
      out[k] = def.json?.includes(k) && v !== null ? sql.json(v as never) : v;
    }
    return out;
  };
  return {
    async list(
      sql: Sql,
      opts: {
        limit: number;
        after: [string, string] | null;
        q?: string;
        filters?: Filters;
        fields?: readonly string[];
      },
    ): Promise<(T & { sortKey: string })[]> {
      const sort = sql.unsafe(def.sort);
      const pattern = opts.q ? foldedContains(opts.q) : null;
      const search = !pattern
        ? sql``
        : def.searchColumn
        ? sql`and ${sql(def.searchColumn)} like ${pattern}`
        : sql`and (${
          joinSql(
            sql,
            def.search.map((c, i) =>
              sql`${i ? sql`or` : sql``} platform_fold(${sql(c)}::text) like ${pattern}`
            ),
          )
        })`;
      const filters = joinSql(
        sql,
        Object.entries(opts.filters ?? {}).filter(([, v]) => v !== undefined)
          .map(([k, v]) => v === null ? sql`and ${sql(k)} is null` : sql`and ${sql(k)} = ${v}`),
      );
      return await sql<(T & { sortKey: string })[]>`
        select ${cols(sql, opts.fields)}, ${sort}::text as sort_key from ${sql(def.table)}
        where true ${search} ${filters}
          ${
        opts.after ? sql`and (${sort}::text, id) > (${opts.after[0]}, ${opts.after[1]})` : sql``
      }
        order by ${sort}::text, id limit ${opts.limit + 1}`;
    },
    async get(
      sql: Sql,
      id: string,
      lock = false,
      fields?: readonly string[],
    ): Promise<T | undefined> {
      const [row] = await sql<T[]>`select ${cols(sql, fields)} from ${
        sql(def.table)
      } where id = ${id}
                                   ${lock ? sql`for update` : sql``}`;
      return row;
    },
    async insert(sql: Sql, id: string, data: Record<string, unknown>): Promise<T> {
      const [row] = await sql<T[]>`insert into ${sql(def.table)} ${
        sql({ id, ...values(sql, data) })
      } returning ${cols(sql)}`;
      return row;
    },
    async update(sql: Sql, id: string, data: Record<string, unknown>): Promise<T | undefined> {
      const patch = values(sql, data);
      const [row] = Object.keys(patch).length
        ? await sql<T[]>`update ${sql(def.table)} set ${sql(patch)}, updated_at = now()
                         where id = ${id} returning ${cols(sql)}`
        : await sql<T[]>`update ${sql(def.table)} set updated_at = now()
                         where id = ${id} returning ${cols(sql)}`;
      return row;
    },
    async remove(sql: Sql, id: string): Promise<boolean> {
      const rows = await sql`delete from ${sql(def.table)} where id = ${id} returning id`;
      return rows.length > 0;
    },
  };
}
export type TableRepo<T extends Row> = ReturnType<typeof tableRepo<T>>;

/** Several SQL fragments as one (postgres.js does not splice arrays of fragments). */
// deno-lint-ignore no-explicit-any
export function joinSql(sql: Sql, parts: any[]) {
  return parts.filter(Boolean).reduce((acc, part) => sql`${acc} ${part}`, sql``);
}
