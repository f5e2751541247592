/** Subscriptions, their sends and rendered files: SQL through the tenant-scoped connection. */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type {
  Schedule,
  Send,
  SendReason,
  SendStatus,
  SubscriptionFilters,
} from "./subscriptions.schemas.ts";

export interface SubscriptionRow {
  id: string;
  sheetId: string;
  appId: string;
  name: string;
  ownerId: string;
  ownerName: string;
  schedule: Schedule;
  cron: string;
  timezone: string;
  userIds: string[];
  emails: string[];
  filters: SubscriptionFilters;
  skipEmpty: boolean;
  attachPdf: boolean;
  enabled: boolean;
  origin: string;
  nextRunAt: string | null;
  lastSend: { status: SendStatus; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// deno-lint-ignore no-explicit-any
function toRow(r: any): SubscriptionRow {
  return {
    ...r,
    filters: { where: [], ...(r.filters ?? {}) },
    nextRunAt: iso(r.nextRunAt),
    lastSend: r.lastStatus ? { status: r.lastStatus, at: iso(r.lastAt)! } : null,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    lastStatus: undefined,
    lastAt: undefined,
  };
}

const columns = (sql: Sql) =>
  sql`s.id, s.sheet_id, sh.app_id, s.name, s.owner_id, coalesce(d.name, '') as owner_name,
      s.schedule, s.cron, s.timezone, s.user_ids, s.emails, s.filters, s.skip_empty,
      s.attach_pdf, s.enabled, s.origin, s.next_run_at, s.created_at, s.updated_at,
      l.status as last_status, l.created_at as last_at`;

const from = (sql: Sql) =>
  sql`analytics_subscriptions s
      join analytics_sheets sh on sh.id = s.sheet_id
      left join member_directory d on d.user_id = s.owner_id
      left join lateral (select status, created_at from analytics_subscription_sends x
                         where x.subscription_id = s.id order by created_at desc limit 1) l on true`;

export async function selectSheetSubscriptions(sql: Sql, sheetId: string) {
  const rows = await sql`select ${columns(sql)} from ${from(sql)}
    where s.sheet_id = ${sheetId} order by s.created_at, s.id`;
  return rows.map(toRow);
}

export async function selectSubscription(sql: Sql, id: string, lock = false) {
  const [row] = lock
    ? await sql`select ${columns(sql)} from ${from(sql)} where s.id = ${id} for update of s`
    : await sql`select ${columns(sql)} from ${from(sql)} where s.id = ${id}`;
  return row ? toRow(row) : null;
}

export interface SubscriptionWrite {
  name: string;
  schedule: Schedule;
  cron: string;
  timezone: string;
  userIds: string[];
  emails: string[];
  filters: SubscriptionFilters;
  skipEmpty: boolean;
  attachPdf: boolean;
  enabled: boolean;
  origin: string;
  nextRunAt: Date | null;
}

export async function insertSubscription(
  sql: Sql,
  v: SubscriptionWrite & { sheetId: string; ownerId: string },
): Promise<string> {
  const id = uuidv7();
  await sql`insert into analytics_subscriptions (id, sheet_id, name, owner_id, schedule, cron,
      timezone, user_ids, emails, filters, skip_empty, attach_pdf, enabled, origin, next_run_at)
    values (${id}, ${v.sheetId}, ${v.name}, ${v.ownerId}, ${sql.json(v.schedule as never)},
      ${v.cron}, ${v.timezone}, ${v.userIds}::uuid[], ${v.emails}::text[],
      ${sql.json(v.filters as never)}, ${v.skipEmpty}, ${v.attachPdf}, ${v.enabled}, ${v.origin},
      ${v.nextRunAt})`;
  return id;
}

export async function updateSubscription(sql: Sql, id: string, v: SubscriptionWrite) {
  await sql`update analytics_subscriptions set name = ${v.name},
      schedule = ${sql.json(v.schedule as never)}, cron = ${v.cron}, timezone = ${v.timezone},
      user_ids = ${v.userIds}::uuid[], emails = ${v.emails}::text[],
      filters = ${sql.json(v.filters as never)}, skip_empty = ${v.skipEmpty},
      attach_pdf = ${v.attachPdf}, enabled = ${v.enabled}, origin = ${v.origin},
      next_run_at = ${v.nextRunAt}, updated_at = now()
    where id = ${id}`;
}

export async function deleteSubscription(sql: Sql, id: string) {
  await sql`delete from analytics_subscriptions where id = ${id}`;
}

/** The workspace's time zone (schedules run in it). */
export async function tenantTimeZone(sql: Sql): Promise<string> {
  const [row] = await sql`select time_zone from tenants
    where id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row?.timeZone ?? "UTC";
}

/** Active members among `userIds`, with their roles (identity's door: member_directory). */
export async function recipientMembers(sql: Sql, userIds: string[]) {
  if (userIds.length === 0) return [];
  return await sql<{ userId: string; name: string; email: string; roles: string[] }[]>`
    select d.user_id, d.name, d.email, d.roles from member_directory d
    where d.user_id = any(${userIds}::uuid[]) and d.status = 'active'
    order by lower(d.name), d.user_id`;
}

/** Acts as `userId` for the rest of the transaction (policies that read app.user_id). */
export async function actAsUser(sql: Sql, userId: string) {
  await sql`select set_config('app.user_id', ${userId}, true)`;
}

// --- the ticker -------------------------------------------------------------------------

/** Due subscriptions of active tenants (as the worker role, across tenants), oldest first. */
export async function dueSubscriptions(sql: Sql, now: Date, limit: number, exclude: string[]) {
  return await sql<{ tenantId: string; id: string }[]>`
    select s.tenant_id, s.id from analytics_subscriptions s
    join tenants t on t.id = s.tenant_id and t.status = 'active'
    where s.enabled and s.next_run_at <= ${now}
      ${exclude.length ? sql`and not (s.id = any(${exclude}::uuid[]))` : sql``}
    order by s.next_run_at, s.id limit ${limit}`;
}

/** A subscription still due, locked (null when another ticker holds it or fired it). */
export async function lockDue(sql: Sql, id: string, now: Date) {
  const [row] = await sql<{ id: string; cron: string; timezone: string; nextRunAt: Date }[]>`
    select id, cron, timezone, next_run_at from analytics_subscriptions
    where id = ${id} and enabled and next_run_at <= ${now} for update skip locked`;
  return row ?? null;
}

export async function setNextRun(sql: Sql, id: string, next: Date | null) {
  await sql`update analytics_subscriptions set next_run_at = ${next} where id = ${id}`;
}

// --- sends ------------------------------------------------------------------------------

/** A new send; null when this occurrence already has one (unique per subscription). */
export async function insertSend(
  sql: Sql,
  v: { subscriptionId: string; trigger: "schedule" | "manual"; occurrence: Date | null },
): Promise<string | null> {
  const id = uuidv7();
  const rows = await sql`insert into analytics_subscription_sends
      (id, subscription_id, trigger, occurrence)
    values (${id}, ${v.subscriptionId}, ${v.trigger}, ${v.occurrence})
    on conflict (tenant_id, subscription_id, occurrence) do nothing returning id`;
  return rows.length ? id : null;
}

// deno-lint-ignore no-explicit-any
const toSend = (r: any): Send => ({
  id: r.id,
  subscriptionId: r.subscriptionId,
  trigger: r.trigger,
  occurrence: iso(r.occurrence),
  status: r.status,
  recipients: r.recipients,
  reason: r.reason,
  error: r.error,
  createdAt: iso(r.createdAt)!,
  finishedAt: iso(r.finishedAt),
});

export async function selectSend(sql: Sql, id: string, lock = false): Promise<Send | null> {
  const [row] = lock
    ? await sql`select * from analytics_subscription_sends where id = ${id} for update`
    : await sql`select * from analytics_subscription_sends where id = ${id}`;
  return row ? toSend(row) : null;
}

export async function finishSend(
  sql: Sql,
  id: string,
  v: { status: SendStatus; recipients: number; reason: SendReason | null; error: string | null },
) {
  await sql`update analytics_subscription_sends set status = ${v.status},
      recipients = ${v.recipients}, reason = ${v.reason}, error = ${v.error}, finished_at = now()
    where id = ${id}`;
}

/** Drops the pictures of a subscription's sends older than a week (the outbox sent them). */
export async function pruneFiles(sql: Sql, subscriptionId: string) {
  await sql`delete from analytics_subscription_files f using analytics_subscription_sends x
    where f.send_id = x.id and x.subscription_id = ${subscriptionId}
      and x.created_at < now() - interval '7 days'`;
}

/** The latest sends of these subscriptions, newest first. */
export async function selectSends(sql: Sql, subscriptionIds: string[], limit: number) {
  if (subscriptionIds.length === 0) return [];
  const rows = await sql`select * from analytics_subscription_sends
    where subscription_id = any(${subscriptionIds}::uuid[])
    order by created_at desc, id desc limit ${limit}`;
  return rows.map(toSend);
}

// --- files ------------------------------------------------------------------------------

export async function insertFile(sql: Sql, sendId: string, content: Uint8Array): Promise<string> {
  const id = uuidv7();
  await sql`insert into analytics_subscription_files (id, send_id, content)
    values (${id}, ${sendId}, ${content})`;
  return id;
}

export async function fileContent(sql: Sql, id: string): Promise<Uint8Array | null> {
  const [row] = await sql`select content from analytics_subscription_files where id = ${id}`;
  return row ? new Uint8Array(row.content) : null;
}
