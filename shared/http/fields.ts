import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import { problems } from "./problem.ts";

/**
 * Sparse fieldsets (issue 39): every GET answering a JSON object takes `fields=a,b,c` and answers
 * only those top-level fields: of each item for a list (`{ items, … }`: the other members, such
 * as `nextCursor`, stay), of the object otherwise. The allowed names are the keys of the route's
 * declared 200 schema, so a field the route never answers (a credential, an internal clock) is
 * an unknown field (400), and a field a handler leaves out for this reader (by permission) stays
 * out: the answer is narrowed after the handler has filtered it. Repos that can, select only the
 * asked columns (fieldsOf + shared/db/fieldset.ts); the others are narrowed here alone.
 */
export interface Fieldset {
  /** The names a request may ask for, in the schema's order. */
  names: string[];
  /** A list (`items`, or a bare array): the names are those of each item. */
  list: boolean;
  /** The answer is the array itself (a few older lists: sessions, tokens). */
  bare?: boolean;
}

type Schema = z.ZodType;
const MAX_LENGTH = 2000;

/** The keys of an object schema (through optional/nullable/default, unions and intersections). */
function objectKeys(schema: Schema | undefined): string[] | null {
  if (!schema) return null;
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { def?: Record<string, unknown> }).def ?? {};
  if (def.innerType) return objectKeys(def.innerType as Schema);
  if (schema instanceof z.ZodUnion) {
    const keys = (schema.options as Schema[]).map(objectKeys);
    return keys.every(Boolean) ? [...new Set(keys.flat() as string[])] : null;
  }
  if (schema instanceof z.ZodIntersection) {
    const [l, r] = [objectKeys(def.left as Schema), objectKeys(def.right as Schema)];
    return l && r ? [...new Set([...l, ...r])] : null;
  }
  return null;
}

/** The fieldset of a route: a GET whose 200 answer is a JSON object; null for any other. */
export function fieldsetOf(route: { method: string; responses?: unknown }): Fieldset | null {
  if (route.method !== "get") return null;
  const ok = (route.responses as Record<number, unknown> | undefined)?.[200] as
    | { content?: Record<string, { schema?: unknown }> }
    | undefined;
  const schema = ok?.content?.["application/json"]?.schema as Schema | undefined;
  if (schema instanceof z.ZodArray) {
    const names = objectKeys(schema.element as Schema);
    return names?.length ? { names, list: true, bare: true } : null;
  }
  if (!(schema instanceof z.ZodObject)) return null;
  const items = (schema.shape as Record<string, Schema>).items;
  if (items instanceof z.ZodArray) {
    const names = objectKeys(items.element as Schema);
    if (names?.length) return { names, list: true };
  }
  const names = Object.keys(schema.shape);
  return names.length ? { names, list: false } : null;
}

/** The `fields` query parameter of a route's document, naming what may be asked for. */
export function fieldsParam(set: Fieldset) {
  const name = set.names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return z.string().max(MAX_LENGTH).optional().openapi({
    param: { name: "fields", in: "query", style: "form", explode: false },
    description: `Sparse fieldset: a comma-separated subset of ${
      set.list ? "each item's" : "the answer's"
    } fields, answered alone (unknown names: 400). One of: ${set.names.join(", ")}.`,
    pattern: `^(${name})(,(${name}))*$`,
    example: set.names.slice(0, 4).join(","),
  });
}

const asked = new WeakMap<Request, string[]>();

/** The fields this request asked for (validated), or undefined for all of them. */
export const fieldsOf = (c: Context<AppEnv>): string[] | undefined => asked.get(c.req.raw);

/** Parses and checks `fields`: each name one the route answers, else a 400 naming it. */
export function parseFields(value: string, set: Fieldset): string[] {
  const names = value.length > MAX_LENGTH ? [] : value.split(",").map((n) => n.trim());
  if (!names.length || names.some((n) => !n)) {
    throw problems.validation([{
      path: "query.fields",
      message: `A comma-separated list of field names (of ${set.names.join(", ")})`,
    }]);
  }
  const allowed = new Set(set.names);
  const unknown = [...new Set(names.filter((n) => !allowed.has(n)))];
  if (unknown.length) {
    throw problems.validation(
      unknown.map((n) => ({
        path: "query.fields",
        message: `Unknown field "${n.slice(0, 100)}"; this route answers ${set.names.join(", ")}`,
      })),
      `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ").slice(0, 300)}.`,
    );
  }
  return [...new Set(names)];
}

/** Only the asked fields of an object (the others, and what the handler left out, stay out). */
function pick(value: unknown, names: string[]): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const n of names) if (n in from) out[n] = from[n];
  return out;
}

/**
 * Whether an item holds no field but asked ones: what a repo that selected only the asked
 * columns answers. Such items are answered as they are, not copied (25 objects a list page,
 * allocated and collected on every request of the hot path).
 */
function onlyAsked(value: unknown, asked: Set<string>): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return true;
  // A plain object only: another kind (a Date, a class with toJSON) may encode more than it holds.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) if (!asked.has(key)) return false;
  return true;
}

/** The items narrowed to the asked fields: the same array when none holds another field. */
function pickItems(items: unknown[], names: string[]): unknown[] {
  const asked = new Set(names);
  return items.every((item) => onlyAsked(item, asked))
    ? items
    : items.map((item) => pick(item, names));
}

type Handler = (c: Context<AppEnv>, next: () => Promise<void>) => unknown;

/**
 * A route's handler taking `fields`: checked before the handler runs (so a repo may narrow its
 * select list, fieldsOf), and the 200 answer narrowed to the asked fields.
 */
export function withFields(handler: Handler, set: Fieldset): Handler {
  return (c, next) => {
    const value = c.req.query("fields");
    if (value === undefined) return handler(c, next);
    const names = parseFields(value, set);
    asked.set(c.req.raw, names);
    const json = c.json;
    c.json = ((body: unknown, arg?: number | ResponseInit, headers?: HeadersInit) => {
      const status = typeof arg === "number" ? arg : arg?.status ?? 200;
      let narrowed = body;
      if (status === 200 && set.bare && Array.isArray(body)) {
        narrowed = pickItems(body, names);
      } else if (status === 200 && body && typeof body === "object" && !Array.isArray(body)) {
        const b = body as Record<string, unknown>;
        if (!set.list || !Array.isArray(b.items)) narrowed = pick(body, names);
        else {
          const items = pickItems(b.items, names);
          narrowed = items === b.items ? b : { ...b, items };
        }
      }
      return json(narrowed as never, arg as never, headers as never);
    }) as typeof json;
    return handler(c, next);
  };
}
