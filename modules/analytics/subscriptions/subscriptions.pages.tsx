/**
 * /analytics/apps/{appId}/sheets/{sheetId}/subscriptions: a sheet's subscriptions (reached from
 * the dashboard's "Subscribe"), with the create/edit dialog, "send now" and the send history.
 */
import type { Hono } from "hono";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  attempt,
  type C,
  type Flash,
  type Form,
  many,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { appFrame } from "../apps/apps.pages.tsx";
import { SHEET_READ } from "../apps/access.rules.ts";
import { appOrigin } from "../../../platform/identity/public.ts";
import {
  createSubscription,
  patchSubscription,
  removeSubscription,
  sendNow,
  sheetSends,
  subscriptionForm,
} from "./subscriptions.service.ts";
import { mayAddAddresses } from "./subscriptions.rules.ts";
import { SubscriptionInput } from "./subscriptions.schemas.ts";
import { SubscriptionsView } from "./subscriptions.view.tsx";

/** Where the mail's link points: the address the subscription was made at. */
const originOf = (c: C) => appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);
const sheetPath = (appId: string, sheetId: string) => `/analytics/apps/${appId}/sheets/${sheetId}`;

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    throw problems.validation(
      r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    );
  }
  return r.data;
}

const int = (v: string, fallback: number) => (/^\d+$/.test(v) ? Number(v) : fallback);

/** The dialog's form as the API's input. */
function inputOf(form: Form): SubscriptionInput {
  const kind = one(form.kind);
  const whereField = one(form.whereField), whereValue = one(form.whereValue);
  const dateField = one(form.dateField);
  return parsed(SubscriptionInput, {
    name: one(form.name),
    schedule: {
      kind,
      hour: int(one(form.hour), 8),
      weekday: int(one(form.weekday), 1),
      day: int(one(form.day), 1),
      ...(kind === "custom" ? { cron: one(form.cron) } : {}),
    },
    userIds: many(form.userIds as string[]),
    emails: one(form.emails).split(/[\s,;]+/).filter(Boolean),
    filters: {
      ...(dateField ? { dateField } : {}),
      ...(dateField && one(form.from) ? { from: one(form.from) } : {}),
      ...(dateField && one(form.to) ? { to: one(form.to) } : {}),
      where: [
        ...(one(form.where) ? [one(form.where)] : []),
        ...(whereField && whereValue ? [`${whereField}:${whereValue}`] : []),
      ],
    },
    skipEmpty: one(form.skipEmpty) === "1",
    attachPdf: one(form.attachPdf) === "1",
    enabled: one(form.enabled) === "1",
  });
}

async function subscriptionsPage(
  c: C,
  appId: string,
  sheetId: string,
  flash?: Flash,
  status: Status = 200,
) {
  const actor = actorOf(c);
  const locale = (c.var.locale ?? "en") as "en" | "tr";
  const form = await subscriptionForm(actor, sheetId, locale);
  if (form.sheet.appId !== appId) throw problems.notFound("No such sheet.");
  const { subscriptions, sends } = await sheetSends(actor, sheetId);
  return await appFrame(c, appId, {
    sheetId,
    flash,
    status,
    body: (
      <SubscriptionsView
        sheetName={form.sheet.name}
        sheetPath={sheetPath(appId, sheetId)}
        base={`${sheetPath(appId, sheetId)}/subscriptions`}
        items={subscriptions}
        sends={sends}
        choices={{
          members: form.members,
          fields: form.fields,
          timezone: form.timezone,
          mayAddAddresses: mayAddAddresses(form.level),
        }}
      />
    ),
  });
}

export function mountSubscriptionPages(app: Hono<AppEnv>) {
  const read = requirePermission(SHEET_READ);
  const base = "/apps/:appId/sheets/:sheetId/subscriptions";
  const ids = (c: C) => ({ appId: pathId(c, "appId"), sheetId: pathId(c, "sheetId") });
  /** A form post: back to the list with a message, or the page again with the problem. */
  const post = (path: string, run: (c: C, form: Form) => Promise<string>) =>
    app.post(path, read, async (c) => {
      const { appId, sheetId } = ids(c);
      const form = await readForm(c);
      const done = await attempt(() => run(c, form));
      const to = `${sheetPath(appId, sheetId)}/subscriptions`;
      return done.ok
        ? redirectAfterPost(c, `${to}?done=${done.value}`)
        : await subscriptionsPage(c, appId, sheetId, done.flash, done.status);
    });

  app.get(base, read, (c) => {
    const { appId, sheetId } = ids(c);
    const done = c.req.query("done");
    const key = done === "created" || done === "saved" || done === "deleted" || done === "queued"
      ? (`analytics.subs.${done}` as const)
      : null;
    const flash: Flash | undefined = key
      ? { kind: "ok", text: t(c.var.locale ?? "en", key) }
      : undefined;
    return subscriptionsPage(c, appId, sheetId, flash);
  });
  post(base, async (c, form) => {
    await createSubscription(actorOf(c), {
      sheetId: ids(c).sheetId,
      input: inputOf(form),
      origin: originOf(c),
    });
    return "created";
  });
  post(`${base}/:id`, async (c, form) => {
    await patchSubscription(actorOf(c), {
      id: pathId(c),
      patch: inputOf(form),
      origin: originOf(c),
    });
    return "saved";
  });
  post(`${base}/:id/send`, async (c) => {
    await sendNow(actorOf(c), pathId(c));
    return "queued";
  });
  post(`${base}/:id/delete`, async (c) => {
    await removeSubscription(actorOf(c), pathId(c));
    return "deleted";
  });
}
