import { z } from "@hono/zod-openapi";
import { problems } from "./problem.ts";

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25).openapi({
    param: { name: "limit", in: "query" },
    example: 25,
  }),
  cursor: z.string().max(500).optional().openapi({
    param: { name: "cursor", in: "query" },
    description: "Opaque cursor from a previous page's nextCursor",
  }),
});

export function pageSchema<T extends z.ZodType>(item: T, name: string) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() }).openapi(name);
}

/** Keyset cursors: the sort key values of the last row, base64url-encoded JSON. */
export function encodeCursor(values: (string | number)[]): string {
  return btoa(JSON.stringify(values)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(
  cursor: string | undefined,
  arity: number,
): (string | number)[] | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")));
    if (
      Array.isArray(values) && values.length === arity &&
      values.every((v) => typeof v === "string" || typeof v === "number")
    ) return values;
  } catch { /* fall through */ }
  throw problems.validation([{ path: "query.cursor", message: "Invalid cursor" }]);
}

/**
 * Given rows fetched with limit + 1, returns the page and the cursor for the next one.
 * `key` picks the sort key values of a row, in the order the query sorts by.
 */
export function toPage<T>(rows: T[], limit: number, key: (row: T) => (string | number)[]) {
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items, nextCursor: more ? encodeCursor(key(items[items.length - 1])) : null };
}
