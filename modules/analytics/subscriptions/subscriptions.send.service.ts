/**
 * Sending a subscription: the ticker turns due schedules into send jobs (each occurrence once,
 * however many instances tick), and the job draws the sheet for every recipient with that
 * recipient's own access, then queues the mails with the pictures and the PDF in one
 * transaction, so a retried or doubled job never mails twice.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { withScope } from "../../../shared/db/scope.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import type { Session, SystemJob } from "../../../shared/modules.ts";
import { asWorker, type JobContext } from "../../../shared/jobs/dispatcher.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { parseCron } from "../../../shared/jobs/scheduler.ts";
import { log } from "../../../shared/log.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import {
  type MailAttachmentRef,
  queueMail,
  registerMailAttachmentSource,
} from "../../../platform/notifications/public.ts";
import { memberLocale, memberPermissions } from "../../../platform/identity/public.ts";
import { formatDateTime, formatNumber } from "../../../ui/format.ts";
import { picturesToPdf, svgToPng } from "../render/render.lib.ts";
import { requireSheet } from "../apps/access.service.ts";
import { listWidgets, widgetData } from "../dashboard/widgets.service.ts";
import { chartsReady, renderSvg } from "../dashboard/widgets.charts.lib.ts";
import { cellText } from "../dashboard/dashboard.cells.lib.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import "../dashboard/dashboard.messages.ts";
import {
  actAsUser,
  dueSubscriptions,
  fileContent,
  finishSend,
  insertFile,
  insertSend,
  lockDue,
  pruneFiles,
  recipientMembers,
  selectSend,
  selectSubscription,
  setNextRun,
  type SubscriptionRow,
} from "./subscriptions.repo.ts";
import { allEmpty, distinctAddresses, type WidgetContent } from "./subscriptions.rules.ts";
import { composeMail, type MailWidget } from "./subscriptions.mail.lib.ts";
import { filtersQuery, filtersWords } from "./subscriptions.lib.ts";
import { kpiSvg, noteSvg, tableSvg } from "./subscriptions.pictures.lib.ts";
import { SEND_JOB } from "./subscriptions.service.ts";

type Locale = "en" | "tr";
const FILES = "analytics-subscriptions";
const TABLE_ROWS = 20;

// The outbox reads the pictures and the PDF at send time, in the message's tenant.
registerMailAttachmentSource(FILES, (scoped, id) => scoped((sql) => fileContent(sql, id)));

// --- the ticker -------------------------------------------------------------------------

/** The last occurrence at or before `now` (croner's previousRuns leaves `now` itself out). */
function latestOccurrence(cron: string, timezone: string, now: Date): Date | null {
  const c = parseCron(cron, timezone);
  const exact = c.nextRun(new Date(now.getTime() - 1000));
  if (exact && exact <= now) return exact;
  return c.previousRuns(1, now)[0] ?? null;
}

/** Fires one due subscription in its tenant's transaction: a send and its job, once. */
async function fire(tx: Sql, id: string, now: Date): Promise<number> {
  const due = await lockDue(tx, id, now);
  if (!due) return 0;
  // Occurrences missed while no instance ran collapse into the latest one.
  const occurrence = latestOccurrence(due.cron, due.timezone, now) ?? new Date(due.nextRunAt);
  const sendId = await insertSend(tx, { subscriptionId: id, trigger: "schedule", occurrence });
  let queued = 0;
  if (sendId) {
    const job = await enqueue(tx, SEND_JOB, {
      payload: { sendId },
      dedupeKey: `analytics-subscription:${id}:${occurrence.toISOString()}`,
      maxAttempts: 3,
      backoffSeconds: 30,
    });
    if (job) queued = 1;
  }
  await setNextRun(tx, id, parseCron(due.cron, due.timezone).nextRun(now) ?? null);
  return queued;
}

const failing = new Map<string, number>();

/**
 * One tick (`sql`: the pool): every due subscription of an active tenant gets its send job and
 * moves on to its next occurrence. Returns how many jobs were enqueued.
 */
export async function tickSubscriptions({ sql: pool }: SystemActor, now = new Date()) {
  let enqueued = 0;
  for (const [id, until] of failing) if (until <= now.getTime()) failing.delete(id);
  const due = await asWorker(pool, (tx) => dueSubscriptions(tx, now, 200, [...failing.keys()]));
  for (const { tenantId, id } of due) {
    try {
      enqueued += await withScope(pool, { tenantId }, (tx) => fire(tx, id, now));
    } catch (err) {
      failing.set(id, now.getTime() + 60_000);
      log.error("analytics subscription could not fire", { subscription: id, error: String(err) });
    }
  }
  return enqueued;
}

/** Ticks every `everyMs` (subscriptions are by the minute) until the returned function is called. */
export function startSubscriptionTicker(actor: SystemActor, everyMs = 15_000) {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = () => {
    if (stopped) return;
    current = tickSubscriptions(actor)
      .catch((err) => log.error("analytics subscription tick failed", { error: String(err) }))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, everyMs);
      });
  };
  timer = setTimeout(loop, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}

// --- drawing the sheet ------------------------------------------------------------------

interface Gathered {
  title: string;
  widgets: { title: string; content: Drawable }[];
}

type Drawable =
  | { kind: "chart"; option: Record<string, unknown> | null; rows: number }
  | { kind: "kpi"; value: number | null; change: number | null }
  | { kind: "table"; header: string[]; rows: string[][]; total: number }
  | { kind: "error"; message: string };

/** The sheet as `actor` may see it under the subscription's filters; null without access. */
async function gather(
  actor: Actor,
  sub: SubscriptionRow,
  locale: Locale,
): Promise<Gathered | null> {
  let title: string;
  try {
    const { sheet, app } = await requireSheet(actor, { sheetId: sub.sheetId, level: "view" });
    title = `${app.name} — ${sheet.name}`;
  } catch (err) {
    if (err instanceof Problem && (err.status === 404 || err.status === 403)) return null;
    throw err;
  }
  const { items } = await listWidgets(actor, sub.sheetId);
  items.sort((a, b) => a.y - b.y || a.x - b.x);
  const widgets: Gathered["widgets"] = [];
  for (const w of items) {
    try {
      const d = await widgetData(actor, { id: w.id, filters: sub.filters, locale });
      const content: Drawable = w.chartType === "kpi"
        ? { kind: "kpi", value: d.kpi?.value ?? null, change: d.kpi?.change ?? null }
        : w.chartType === "table"
        ? {
          kind: "table",
          header: d.columns.map((c) => c.label),
          rows: d.rows.slice(0, TABLE_ROWS).map((r) =>
            d.columns.map((c) => cellText(locale, c, r[c.name]))
          ),
          total: d.rows.length,
        }
        : { kind: "chart", option: d.option, rows: d.rows.length };
      widgets.push({ title: w.title, content });
    } catch (err) {
      // One broken widget must not keep the rest of the sheet from its readers.
      if (err instanceof Problem && err.status < 500) {
        widgets.push({ title: w.title, content: { kind: "error", message: err.detail ?? "" } });
      } else throw err;
    }
  }
  return { title, widgets };
}

const contentOf = (d: Drawable): WidgetContent =>
  d.kind === "kpi"
    ? { kind: "kpi", rows: 1, value: d.value }
    : { kind: d.kind, rows: d.kind === "table" ? d.total : d.kind === "chart" ? d.rows : 0 };

interface Drawn {
  title: string;
  mail: MailWidget[];
  /** Pictures shown inline (charts), by Content-ID. */
  inline: { cid: string; png: Uint8Array; name: string }[];
  pdf: Uint8Array | null;
  empty: boolean;
}

/** Pictures, mail parts and the PDF of a gathered sheet. */
async function draw(g: Gathered, locale: Locale, key: string, withPdf: boolean): Promise<Drawn> {
  const mail: MailWidget[] = [];
  const inline: Drawn["inline"] = [];
  const pictures: { title: string; png: Uint8Array }[] = [];
  const noData = t(locale, "analytics.subs.mail.noData");
  let n = 0;
  for (const { title, content: c } of g.widgets) {
    n++;
    if (c.kind === "chart" && c.rows > 0 && c.option) {
      await chartsReady();
      const png = await svgToPng(renderSvg(c.option, 640, 320), 2);
      const cid = `w${n}-${key}@subscription`;
      inline.push({ cid, png, name: `widget-${n}.png` });
      mail.push({ title, kind: "chart", cid });
      pictures.push({ title, png });
    } else if (c.kind === "kpi") {
      const value = c.value === null ? "–" : formatNumber(locale, c.value, 0);
      const hint = c.change === null ? undefined : t(
        locale,
        c.change >= 0 ? "analytics.dash.kpiUp" : "analytics.dash.kpiDown",
        { pct: formatNumber(locale, Math.abs(c.change), 1) },
      );
      mail.push({ title, kind: "kpi", kpi: { value, hint } });
      if (withPdf) pictures.push({ title, png: await svgToPng(kpiSvg(value, hint), 2) });
    } else if (c.kind === "table" && c.total > 0) {
      const more = c.total - c.rows.length;
      mail.push({ title, kind: "table", table: { header: c.header, rows: c.rows, more } });
      const moreText = more > 0 ? t(locale, "analytics.subs.mail.more", { n: more }) : undefined;
      if (withPdf) {
        pictures.push({ title, png: await svgToPng(tableSvg(c.header, c.rows, moreText), 2) });
      }
    } else {
      const note = c.kind === "error" ? c.message : noData;
      mail.push({ title, kind: "note", note });
      if (withPdf) pictures.push({ title, png: await svgToPng(noteSvg(note), 2) });
    }
  }
  return {
    title: g.title,
    mail,
    inline,
    pdf: withPdf ? await picturesToPdf(g.title, pictures) : null,
    empty: allEmpty(g.widgets.map((w) => contentOf(w.content))),
  };
}

/** Field and value labels of every dataset, for the filters line of the mail. */
function fieldWords(locale: Locale) {
  const fields = new Map(datasetCatalog(locale).flatMap((d) => d.fields.map((f) => [f.name, f])));
  return [
    (name: string) => fields.get(name)?.label ?? name,
    (name: string, value: string) =>
      fields.get(name)?.values?.find((v) => v.value === value)?.label ?? value,
  ] as const;
}

// --- the job ----------------------------------------------------------------------------

interface Edition {
  locale: Locale;
  to: string[];
  drawn: Drawn;
}

function sessionOf(
  tenantId: string,
  m: { userId: string; name: string; email: string; roles: string[]; permissions: string[] },
): Session {
  return {
    userId: m.userId,
    tenantId,
    email: m.email,
    name: m.name,
    isOperator: false,
    tenantSlug: "",
    tenantName: "",
    roles: m.roles,
    permissions: m.permissions,
    exp: 0,
    via: "bearer",
  };
}

/** Gathers the sheet as one member sees it (their session, their app.user_id). */
function gatherAs(ctx: JobContext, tenantId: string, sub: SubscriptionRow, userId: string) {
  return ctx.scoped(async (sql) => {
    const [m] = await recipientMembers(sql, [userId]);
    const permissions = m ? await memberPermissions(sql, userId) : null;
    if (!m || !permissions) return null;
    await actAsUser(sql, userId);
    const locale = await memberLocale(sql, userId);
    const actor: Actor = { sql, session: sessionOf(tenantId, { ...m, permissions }), bus: ctx.bus };
    const g = await gather(actor, sub, locale);
    return g ? { g, locale, email: m.email } : null;
  });
}

/** Draws one edition per member recipient, and the owner's for the plain addresses. */
async function editions(ctx: JobContext, tenantId: string, sub: SubscriptionRow, key: string) {
  const out: Edition[] = [];
  const memberEmails: string[] = [];
  let n = 0;
  for (const userId of sub.userIds) {
    const got = await gatherAs(ctx, tenantId, sub, userId);
    if (!got) continue;
    memberEmails.push(got.email);
    const drawn = await draw(got.g, got.locale, `${key}-${n++}`, sub.attachPdf);
    out.push({ locale: got.locale, to: [got.email], drawn });
  }
  const addresses = distinctAddresses(sub.emails, memberEmails);
  if (addresses.length) {
    const got = await gatherAs(ctx, tenantId, sub, sub.ownerId);
    if (got) {
      const drawn = await draw(got.g, got.locale, `${key}-${n++}`, sub.attachPdf);
      out.push({ locale: got.locale, to: addresses, drawn });
    }
  }
  return out;
}

async function sendJob(ctx: JobContext) {
  const { sendId } = ctx.payload as { sendId: string };
  const tenantId = ctx.tenantId!;
  const start = await ctx.scoped(async (sql) => {
    const send = await selectSend(sql, sendId);
    if (!send || send.status !== "queued") return null;
    return await selectSubscription(sql, send.subscriptionId);
  });
  if (!start) return ctx.log(`send ${sendId}: nothing to do`);
  const sub = start;
  let all: Edition[];
  try {
    all = await editions(ctx, tenantId, sub, sendId.slice(-12));
  } catch (err) {
    const last = ctx.attempt >= ctx.job.maxAttempts || err instanceof Problem;
    if (!last) throw err;
    const error = err instanceof Problem ? err.detail ?? err.title : (err as Error).message;
    await ctx.scoped((sql) =>
      finishSend(sql, sendId, { status: "failed", recipients: 0, reason: "failed", error })
    );
    return ctx.log(`send ${sendId} failed: ${error}`);
  }
  const going = sub.skipEmpty ? all.filter((e) => !e.drawn.empty) : all;
  await ctx.scoped(async (sql) => {
    // A second run of the same send (a doubled job, a retry after a crash) stops here.
    const send = await selectSend(sql, sendId, true);
    if (!send || send.status !== "queued") return;
    let recipients = 0;
    for (const e of going) {
      const attachments: MailAttachmentRef[] = [];
      for (const p of e.drawn.inline) {
        const id = await insertFile(sql, sendId, p.png);
        attachments.push({ source: FILES, id, name: p.name, contentType: "image/png", cid: p.cid });
      }
      if (e.drawn.pdf) {
        const id = await insertFile(sql, sendId, e.drawn.pdf);
        attachments.push({
          source: FILES,
          id,
          name: `${e.drawn.title.replace(/[\\/:*?"<>|]+/g, " ").slice(0, 100)}.pdf`,
          contentType: "application/pdf",
        });
      }
      const mail = composeMail({
        locale: e.locale,
        sheetTitle: e.drawn.title,
        name: sub.name,
        when: formatDateTime(e.locale, new Date(), sub.timezone),
        filters: filtersWords(sub.filters, ...fieldWords(e.locale)),
        link: `${sub.origin}/analytics/apps/${sub.appId}/sheets/${sub.sheetId}${
          filtersQuery(sub.filters)
        }`,
        widgets: e.drawn.mail,
        pdf: e.drawn.pdf !== null,
      });
      for (const to of e.to) {
        await queueMail({ sql }, { to, ...mail, attachments, autoSubmitted: "auto-generated" });
        recipients++;
      }
    }
    const reason = recipients > 0 ? null : all.length === 0 ? "nobody" : "empty";
    await finishSend(sql, sendId, {
      status: recipients > 0 ? "sent" : "skipped",
      recipients,
      reason,
      error: null,
    });
    await pruneFiles(sql, sub.id);
  });
  ctx.log(`send ${sendId} done`);
}

export const subscriptionSendJob: SystemJob = { name: SEND_JOB, handler: sendJob };
