import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html, page } from "../../../ui/kit.ts";
import {
  attempt,
  type C,
  type Flash,
  isHtmx,
  many,
  one,
  pathId,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { RecurrenceCard } from "./recurrence.view.tsx";
import { type Preset, presetRule } from "./recurrence.rules.ts";
import { getTask } from "../tasks/tasks.service.ts";
import { recurrenceBlock, setRecurrence } from "./recurrence.service.ts";

const WRITE = requirePermission("projects.task.write");
const PRESETS = ["daily", "weekly", "monthly", "custom"];

/** The block answered to htmx, or the task page after a plain post. */
async function answer(c: C, id: string, r: Awaited<ReturnType<typeof attempt>>, ok: Flash) {
  if (r.ok && !isHtmx(c)) return redirectAfterPost(c, `/projects/tasks/${id}`);
  const { task, access } = await getTask(actorOf(c), id);
  const block = await recurrenceBlock(actorOf(c), { task, access, locale: c.var.locale });
  const card = <RecurrenceCard {...block} flash={r.ok ? ok : r.flash} />;
  const status = r.ok ? 200 : r.status;
  if (isHtmx(c)) return html(c, card, status);
  return page(c, task.title, card, {
    status,
    crumbs: [{ label: task.title, href: `/projects/tasks/${id}` }],
  });
}

const recurrencePages = new Hono<AppEnv>()
  .post("/:id/recurrence", WRITE, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const f = await readForm(c);
    const preset = (PRESETS.includes(one(f.preset)) ? one(f.preset) : "custom") as Preset;
    const interval = Number(one(f.interval)) || 1;
    const rule = presetRule({
      preset,
      interval: Math.max(1, Math.min(365, Math.trunc(interval))),
      days: many(f.days),
      monthDay: Number(one(f.monthDay)) || undefined,
      custom: one(f.rule),
    });
    const mode = one(f.mode) === "on_schedule" ? "on_schedule" : "on_done";
    const r = await attempt(() =>
      setRecurrence(actorOf(c), { taskId: id, input: { rule, mode }, locale: l })
    );
    return await answer(c, id, r, { kind: "ok", text: t(l, "projects.recurrence.saved") });
  })
  .post("/:id/recurrence/stop", WRITE, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const r = await attempt(() =>
      setRecurrence(actorOf(c), { taskId: id, input: null, locale: l })
    );
    return await answer(c, id, r, { kind: "ok", text: t(l, "projects.recurrence.stopped") });
  });

/** The task page's recurrence forms, at /projects/tasks/:id/recurrence. */
export function mountRecurrencePages(app: Hono<AppEnv>) {
  app.route("/tasks", recurrencePages);
}
