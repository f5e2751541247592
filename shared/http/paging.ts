import { isUuid } from "./ids.ts";
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
// Cursors carry UTF-8 text (names with Turkish letters), so base64url goes over the bytes.
export function encodeCursor(values: (string | number)[]): string {
  const json = JSON.stringify(values);
  // ASCII text is its own UTF-8 (the usual cursor: a timestamp and an id); no byte copy then.
  const binary = !NON_ASCII.test(json)
    ? json
    : Array.from(new TextEncoder().encode(json), (b) => String.fromCharCode(b)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const NON_ASCII = /[\u0080-\uffff]/;

const cursorText = (cursor: string) =>
  new TextDecoder("utf-8", { fatal: true }).decode(
    Uint8Array.from(atob(cursor.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0)),
  );

/** What each position of a cursor must hold, so a forged cursor is a 400 and never reaches SQL. */
export type CursorPart = "timestamp" | "uuid" | "text" | "number";
const PART_CHECKS: Record<CursorPart, (v: unknown) => boolean> = {
  timestamp: (v) =>
    typeof v === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(v),
  uuid: (v) =>
    typeof v === "string" &&
    isUuid(v),
  text: (v) => typeof v === "string" && v.length <= 1000 && !v.includes("\u0000"),
  number: (v) => typeof v === "number" && Number.isFinite(v),
};

/** Decodes a cursor; `parts` gives its arity, or better the kind of every value. */
export function decodeCursor(
  cursor: string | undefined,
  parts: number | CursorPart[],
): (string | number)[] | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(cursorText(cursor));
    const arity = typeof parts === "number" ? parts : parts.length;
    const valid = (v: unknown, i: number) =>
      typeof parts === "number"
        ? typeof v === "string" || typeof v === "number"
        : PART_CHECKS[parts[i]](v);
    if (Array.isArray(values) && values.length === arity && values.every(valid)) return values;
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
