import type { SystemActor } from "../../shared/http/actor.ts";
import { isUuid } from "../../shared/http/ids.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { problems } from "../../shared/http/problem.ts";
import { memberNames } from "../identity/public.ts";
import {
  type ActivityEntry,
  type ActivityFilter,
  type Changes,
  insertActivity,
  type Json,
  selectActivity,
} from "./activity.repo.ts";

export type { ActivityEntry, ActivityFilter, Changes, Json };

/** Fields left out of the diff by default: they change on every write and say nothing. */
export const NOISE_FIELDS = ["updatedAt", "updated_at"];

/** Plain JSON of a value (dates become ISO strings, undefined fields vanish). */
function toJson(v: unknown): Json {
  return v === undefined ? null : JSON.parse(JSON.stringify(v));
}

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep equality of JSON values; object key order does not matter. */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

/**
 * The shallow diff of two versions of a record: every top-level field whose value differs,
 * as `{ field: { from, to } }`. A missing side (created: no before; deleted: no after) counts
 * as every field being null there; a missing or undefined field equals null.
 */
export function diffObjects(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  ignore: readonly string[] = [],
): Changes {
  const b = isObject(toJson(before ?? null)) ? toJson(before) as Record<string, Json> : {};
  const a = isObject(toJson(after ?? null)) ? toJson(after) as Record<string, Json> : {};
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (ignore.includes(key)) continue;
    const from = b[key] ?? null;
    const to = a[key] ?? null;
    if (!jsonEqual(from, to)) changes[key] = { from, to };
  }
  return changes;
}

export interface RecordInput {
  /** The module the entity belongs to (`support`, `documents`, …). */
  module: string;
  entityType: string;
  entityId: string;
  /** A verb: created, updated, deleted, restored, moved, shared, … */
  action: string;
  /** One line a person can read ("Renamed report.pdf to q3.pdf"). */
  summary: string;
  /** The record before the change; omit when it was created. */
  before?: Record<string, unknown> | null;
  /** The record after the change; omit when it was deleted. */
  after?: Record<string, unknown> | null;
  /** Fields left out of the diff (they stay in before/after). Default: updatedAt. */
  ignore?: readonly string[];
  /** The client's address (identity audit lines); omitted elsewhere. */
  address?: string | null;
}

/**
 * Records one activity line in the caller's transaction (the request's c.var.sql or a job's
 * scoped transaction): if the change rolls back, so does its line. Tenant, actor and request
 * id are read from the scope; a transaction without a tenant is refused.
 */
export async function recordActivity(
  { sql }: Pick<SystemActor, "sql">,
  input: RecordInput,
): Promise<ActivityEntry> {
  const before = input.before ?? null;
  const after = input.after ?? null;
  return await insertActivity(sql, {
    module: input.module,
    entityType: input.entityType,
    entityId: input.entityId,
    action: input.action,
    summary: input.summary,
    changes: diffObjects(before, after, input.ignore ?? NOISE_FIELDS),
    before: toJson(before),
    after: toJson(after),
    address: input.address ?? null,
  });
}

export interface ListInput extends ActivityFilter {
  limit: number;
  cursor?: string;
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;
const DATE_OR_TIME = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:\d\d))?$/;

/** The tenant's activity, newest first, keyset-paged; actor name and e-mail joined. */
export async function listActivity(
  { sql }: Pick<SystemActor, "sql">,
  input: ListInput,
): Promise<{ items: ActivityEntry[]; nextCursor: string | null }> {
  const { limit, cursor, ...filter } = input;
  const key = decodeCursor(cursor, 2);
  if (key && !(TIMESTAMP.test(String(key[0])) && isUuid(String(key[1])))) {
    throw problems.validation([{ path: "query.cursor", message: "Invalid cursor" }]);
  }
  if (filter.actorId && !isUuid(filter.actorId)) {
    throw problems.validation([{ path: "query.actorId", message: "Invalid uuid" }]);
  }
  for (const k of ["from", "to"] as const) {
    // A date, or a date-time with its zone: what JavaScript and PostgreSQL both read the same way.
    if (filter[k] && (!DATE_OR_TIME.test(filter[k]!) || Number.isNaN(Date.parse(filter[k]!)))) {
      throw problems.validation([{ path: `query.${k}`, message: "Invalid date-time" }]);
    }
  }
  const rows = await selectActivity(sql, filter, limit, key as [string, string] | null);
  const page = toPage(rows, limit, (r) => [r.sortAt, r.id]);
  return { items: page.items.map(({ sortAt: _, ...item }) => item), nextCursor: page.nextCursor };
}

/**
 * Names of the members that lines mention in their people fields (e.g. an assignee id that
 * changed), by id, so a history shows "Ayşe Yılmaz → Deniz Kaya" instead of ids.
 */
export async function peopleNames(
  { sql }: Pick<SystemActor, "sql">,
  { items, people = [] }: { items: ActivityEntry[]; people?: readonly string[] },
): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const ids = new Set<string>();
  const collect = (v: Json) => {
    if (typeof v === "string" && isUuid(v)) ids.add(v.toLowerCase());
    else if (Array.isArray(v)) v.forEach(collect);
  };
  for (const item of items) {
    for (const field of people) {
      const change = item.changes?.[field];
      if (change) (collect(change.from), collect(change.to));
    }
  }
  return await memberNames(sql, [...ids]);
}
