/**
 * Pure rules of the result cache: the TTLs a sheet may choose, what invalidates an entry (its
 * sources), whether a result differs between people of one workspace, and the entry's key.
 * Tested directly (tests/analytics/cache.test.ts).
 */
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";

/** Off, 1 minute, 5 minutes, 1 hour, 1 day (the migration's check allows exactly these). */
export const TTL_CHOICES = [0, 60, 300, 3600, 86400] as const;
export type TtlSeconds = typeof TTL_CHOICES[number];
export const isTtl = (n: number): n is TtlSeconds => (TTL_CHOICES as readonly number[]).includes(n);

/** Entries larger than this are not kept (a 10,000-row table is computed each time). */
export const MAX_ENTRY_BYTES = 512 * 1024;
/** What one workspace may hold: the sweep keeps the newest entries within both limits. */
export const MAX_TENANT_ENTRIES = 5_000;
export const MAX_TENANT_BYTES = 64 * 1024 * 1024;

/** The source everything depends on: a relation change marks it, a joined query reads it. */
export const ANY_SOURCE = "*";
export const datasetSource = (name: string) => `dataset:${name}`;
export const tableSource = (id: string) => `table:${id}`;

/**
 * What invalidates a query's result: its dataset (domain events) or tenant table (its writes);
 * an external source has none (only its TTL ends it). A query over relations depends on both
 * sides and on the relation itself: it is invalidated by any change in the workspace.
 */
export function sourcesOf(query: Pick<AnalyticsQuery, "source" | "joins">): string[] {
  if (query.joins?.length) return [ANY_SOURCE];
  const s = query.source;
  if (s.kind === "dataset") return [datasetSource(s.name)];
  if (s.kind === "table") return [tableSource(s.id)];
  if (s.kind === "external") return [];
  // A source kind this file does not know yet: any change in the workspace invalidates it.
  return [ANY_SOURCE];
}

/**
 * Dataset fields whose values depend on who asks. The datasets are RLS views filtered by
 * tenant only, except that a person's name comes from member_directory, which reads `users`:
 * a user who left the workspace is visible there only to that user. A result that reads one
 * of these fields is therefore cached per user; all others are shared by the workspace.
 */
export const USER_FIELDS: Record<string, string[]> = {
  tickets: ["assignee"],
  documents: ["created_by"],
  project_tasks: ["assignee"],
  workflow_instances: ["started_by"],
  workflow_tasks: ["assignee"],
};

/** Every field name a query reads (grouping, measures, filters, sort). */
export function fieldsRead(query: AnalyticsQuery): string[] {
  return [
    ...(query.fields ?? []).map((f) => f.field),
    ...(query.aggregates ?? []).flatMap((a) => a.field ? [a.field] : []),
    ...(query.filters ?? []).map((f) => f.field),
    ...(query.sort ?? []).map((s) => s.field),
  ];
}

/**
 * Whether the result may differ between two people of the same workspace. Joined queries are
 * treated as personal (their joined fields are not checked one by one), as are source kinds
 * this file does not know; tenant tables and external sources read the same rows for everyone
 * in the workspace.
 */
export function perUser(query: AnalyticsQuery): boolean {
  if (query.joins?.length) return true;
  if (query.source.kind === "table" || query.source.kind === "external") return false;
  if (query.source.kind !== "dataset") return true; // not known here: kept per user
  const personal = USER_FIELDS[query.source.name] ?? [];
  return fieldsRead(query).some((f) => personal.includes(f));
}

/** JSON with object keys sorted, so equal inputs give equal keys whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface KeyParts {
  /** The query as it runs: the widget's own with the sheet's filters that apply to it. */
  query: AnalyticsQuery;
  chartType: string;
  options: Record<string, unknown>;
  locale: string;
  /** Set only when `perUser(query)`. */
  userId: string | null;
}

/** The entry's key: SHA-256 (hex) of everything that decides the result. */
export async function cacheKey(parts: KeyParts): Promise<string> {
  const text = canonicalJson({ v: 1, ...parts });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether an entry stored at `storedAt` is still within the sheet's TTL at `now`. */
export const withinTtl = (storedAt: Date, ttlSeconds: number, now: Date) =>
  ttlSeconds > 0 && now.getTime() - storedAt.getTime() < ttlSeconds * 1000;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A kept result read back: JSON turned the rows' Date values into ISO strings; date and
 * datetime columns get their Dates back, so a hit draws exactly what a miss draws.
 */
export function reviveDates<T>(value: T): T {
  const v = value as { columns?: { name: string; type: string }[]; rows?: unknown[] };
  if (!v || !Array.isArray(v.columns) || !Array.isArray(v.rows)) return value;
  const dated = v.columns.filter((c) => c.type === "date" || c.type === "datetime")
    .map((c) => c.name);
  if (!dated.length) return value;
  for (const row of v.rows as Record<string, unknown>[]) {
    for (const name of dated) {
      const cell = row[name];
      if (typeof cell === "string" && ISO.test(cell)) row[name] = new Date(cell);
    }
  }
  return value;
}
