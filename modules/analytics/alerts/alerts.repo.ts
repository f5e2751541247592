/** SQL of alerts, their checks and firings (tenant-scoped: RLS applies). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Alert, AlertInput, AlertPatch, AlertState, Check, Firing } from "./alerts.schemas.ts";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// deno-lint-ignore no-explicit-any
function toAlert(r: any): Alert {
  return {
    id: r.id,
    appId: r.appId,
    widgetId: r.widgetId,
    widgetTitle: r.widgetTitle ?? "",
    ownerId: r.ownerId,
    ownerName: r.ownerName ?? "",
    name: r.name,
    kind: r.kind,
    threshold: num(r.threshold),
    direction: r.direction,
    valueColumn: r.valueColumn,
    aggregate: r.aggregate,
    periodField: r.periodField,
    periodDays: r.periodDays,
    cron: r.cron,
    nextCheckAt: iso(r.nextCheckAt),
    notifyInbox: r.notifyInbox,
    notifyEmail: r.notifyEmail,
    webhookUrl: r.webhookUrl,
    recipients: r.recipients ?? [],
    emails: r.emails ?? [],
    state: r.state,
    stateSince: iso(r.stateSince)!,
    lastValue: num(r.lastValue),
    lastCheckedAt: iso(r.lastCheckedAt),
    lastError: r.lastError,
    muted: r.muted,
    snoozedUntil: iso(r.snoozedUntil),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

const columns = (sql: Sql) =>
  sql`a.id, a.app_id, a.widget_id, w.title as widget_title, a.owner_id,
      coalesce(d.name, '') as owner_name, a.name, a.kind, a.threshold, a.direction,
      a.value_column, a.aggregate, a.period_field, a.period_days, a.cron, a.next_check_at,
      a.notify_inbox, a.notify_email, a.webhook_url, a.recipients, a.emails, a.state,
      a.state_since, a.last_value, a.last_checked_at, a.last_error, a.muted, a.snoozed_until,
      a.created_at, a.updated_at`;
const from = (sql: Sql) =>
  sql`from analytics_alerts a join analytics_widgets w on w.id = a.widget_id
      left join member_directory d on d.user_id = a.owner_id`;

export async function insertAlert(
  sql: Sql,
  row:
    & Omit<
      Required<AlertInput>,
      "threshold" | "valueColumn" | "periodField" | "periodDays" | "webhookUrl"
    >
    & {
      appId: string;
      ownerId: string;
      threshold: number | null;
      valueColumn: string | null;
      periodField: string | null;
      periodDays: number | null;
      webhookUrl: string | null;
      nextCheckAt: Date | null;
    },
): Promise<string> {
  const id = uuidv7();
  await sql`insert into analytics_alerts (id, app_id, widget_id, owner_id, name, kind, threshold,
      direction, value_column, aggregate, period_field, period_days, cron, next_check_at,
      notify_inbox, notify_email, webhook_url, recipients, emails)
    values (${id}, ${row.appId}, ${row.widgetId}, ${row.ownerId}, ${row.name}, ${row.kind},
      ${row.threshold}, ${row.direction}, ${row.valueColumn}, ${row.aggregate},
      ${row.periodField}, ${row.periodDays}, ${row.cron}, ${row.nextCheckAt},
      ${row.notifyInbox}, ${row.notifyEmail}, ${row.webhookUrl},
      ${sql.array(row.recipients)}::uuid[], ${sql.array(row.emails)}::text[])`;
  return id;
}

export async function selectAlert(sql: Sql, id: string, lock = false): Promise<Alert | null> {
  const [row] = await sql`select ${columns(sql)} ${from(sql)} where a.id = ${id}
    ${lock ? sql`for update of a` : sql``}`;
  return row ? toAlert(row) : null;
}

/** Alerts newest first (ids are UUIDv7: time-ordered), keyset on the id. */
export async function selectAlerts(
  sql: Sql,
  opts: { appIds: string[]; limit: number; after?: string },
): Promise<Alert[]> {
  const rows = await sql`select ${columns(sql)} ${from(sql)}
    where a.app_id = any(${sql.array(opts.appIds)}::uuid[])
    ${opts.after ? sql`and a.id < ${opts.after}::uuid` : sql``}
    order by a.id desc limit ${opts.limit}`;
  return rows.map(toAlert);
}

/** Every app id of the tenant that has alerts (the list filters them by access). */
export async function appsWithAlerts(sql: Sql): Promise<string[]> {
  const rows = await sql<{ appId: string }[]>`select distinct app_id from analytics_alerts`;
  return rows.map((r) => r.appId);
}

type Stored = Omit<AlertPatch, "snoozedUntil"> & { snoozedUntil?: string | null };

export async function updateAlert(
  sql: Sql,
  id: string,
  patch: Stored & { nextCheckAt?: Date | null },
): Promise<void> {
  const set: Record<string, unknown> = {};
  const map: Record<string, string> = {
    name: "name",
    kind: "kind",
    threshold: "threshold",
    direction: "direction",
    valueColumn: "value_column",
    aggregate: "aggregate",
    periodField: "period_field",
    periodDays: "period_days",
    cron: "cron",
    notifyInbox: "notify_inbox",
    notifyEmail: "notify_email",
    webhookUrl: "webhook_url",
    muted: "muted",
    snoozedUntil: "snoozed_until",
    nextCheckAt: "next_check_at",
  };
  for (const [k, col] of Object.entries(map)) {
    const v = (patch as Record<string, unknown>)[k];
    if (v !== undefined) set[col] = v;
  }
  if (Object.keys(set).length) {
    await sql`update analytics_alerts set ${sql(set)}, updated_at = now() where id = ${id}`;
  }
  if (patch.recipients) {
    await sql`update analytics_alerts set recipients = ${sql.array(patch.recipients)}::uuid[]
              where id = ${id}`;
  }
  if (patch.emails) {
    await sql`update analytics_alerts set emails = ${sql.array(patch.emails)}::text[]
              where id = ${id}`;
  }
}

export async function deleteAlert(sql: Sql, id: string) {
  await sql`delete from analytics_alerts where id = ${id}`;
}

/**
 * The alert's state after a check. `expected` is the state the check read under its row lock:
 * the update applies only when it still holds (a second safeguard beside the lock), and says so.
 */
export async function saveCheck(
  sql: Sql,
  id: string,
  c: { expected: AlertState; state: AlertState; value: number | null; error: string | null },
): Promise<boolean> {
  const rows = await sql`update analytics_alerts set state = ${c.state},
      state_since = case when state = ${c.state} then state_since else now() end,
      last_value = ${c.value}, last_error = ${c.error}, last_checked_at = now()
    where id = ${id} and state = ${c.expected} returning id`;
  if (!rows.length) return false;
  await sql`insert into analytics_alert_checks (id, alert_id, value, state, error)
    values (${uuidv7()}, ${id}, ${c.value}, ${c.state}, ${c.error})`;
  return true;
}

export async function insertFiring(
  sql: Sql,
  f: {
    alertId: string;
    kind: "firing" | "recovery";
    value: number | null;
    threshold: number | null;
    channels: string[];
    silenced: boolean;
    webhook: boolean;
    png: Uint8Array | null;
  },
): Promise<string> {
  const id = uuidv7();
  await sql`insert into analytics_alert_firings (id, alert_id, kind, value, threshold, channels,
      silenced, webhook_status, chart_png)
    values (${id}, ${f.alertId}, ${f.kind}, ${f.value}, ${f.threshold},
      ${sql.array(f.channels)}::text[], ${f.silenced}, ${f.webhook ? "queued" : null},
      ${f.png})`;
  return id;
}

export async function setWebhookStatus(sql: Sql, firingId: string, status: "sent" | "failed") {
  await sql`update analytics_alert_firings set webhook_status = ${status} where id = ${firingId}`;
}

export async function firingChart(sql: Sql, firingId: string): Promise<Uint8Array | null> {
  const [row] = await sql`select chart_png from analytics_alert_firings where id = ${firingId}`;
  return row?.chartPng ? new Uint8Array(row.chartPng) : null;
}

/** A firing with what its webhook needs (null when gone). */
export async function selectFiring(sql: Sql, firingId: string) {
  const [row] = await sql<
    { alertId: string; kind: "firing" | "recovery"; value: number | null; at: Date }[]
  >`
    select alert_id, kind, value, at from analytics_alert_firings where id = ${firingId}`;
  return row ?? null;
}

export async function selectFirings(sql: Sql, alertId: string, limit = 50): Promise<Firing[]> {
  const rows = await sql`select id, kind, at, value, threshold, channels, silenced, webhook_status
    from analytics_alert_firings where alert_id = ${alertId} order by at desc, id desc
    limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    at: iso(r.at)!,
    value: num(r.value),
    threshold: num(r.threshold),
    channels: r.channels ?? [],
    silenced: r.silenced,
    webhookStatus: r.webhookStatus,
  }));
}

export async function selectChecks(sql: Sql, alertId: string, limit = 20): Promise<Check[]> {
  const rows = await sql`select id, checked_at, value, state, error
    from analytics_alert_checks where alert_id = ${alertId} order by checked_at desc, id desc
    limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    checkedAt: iso(r.checkedAt)!,
    value: num(r.value),
    state: r.state,
    error: r.error,
  }));
}

/** Due alerts of the current tenant, locked (a racing sweep skips them). */
export async function claimDueAlerts(sql: Sql, now: Date, limit: number) {
  return await sql<{ id: string; cron: string; nextCheckAt: Date }[]>`
    select id, cron, next_check_at from analytics_alerts
    where next_check_at <= ${now} order by next_check_at, id limit ${limit}
    for update skip locked`;
}

export async function setNextCheck(sql: Sql, id: string, next: Date | null) {
  await sql`update analytics_alerts set next_check_at = ${next} where id = ${id}`;
}

/** The workspaces with an alert due (the scheduler's sweep, as the worker role). */
export async function tenantsWithDueAlerts(sql: Sql, now: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select analytics_alerts_due_tenants(${now}) as id`;
  return rows.map((r) => r.id);
}

/** The current workspace's time zone (schedules are read in it). */
export async function tenantZone(sql: Sql): Promise<string> {
  const [row] = await sql<{ timeZone: string }[]>`
    select time_zone from tenants
    where id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row?.timeZone ?? "UTC";
}

/** A member's roles and e-mail in the current workspace (null: not an active member). */
export async function memberOf(sql: Sql, userId: string) {
  const [row] = await sql<{ roles: string[]; email: string; name: string }[]>`
    select roles, email, name from member_directory
    where user_id = ${userId} and status = 'active'`;
  return row ?? null;
}

/**
 * Acts as a user in this transaction (row rules that read app.user_id); returns who acted
 * before, to put back.
 */
export async function actAs(sql: Sql, userId: string): Promise<string> {
  const [row] = await sql<{ before: string }[]>`
    select coalesce(current_setting('app.user_id', true), '') as before,
           set_config('app.user_id', ${userId}, true)`;
  return row.before;
}
