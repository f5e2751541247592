/**
 * Saved task filters on the task list pages: the bar (drawn by the task pages through
 * taskFilterBar) and its form posts under /workflow/task-filters.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  type Form,
  isHtmx,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { sameOriginPath } from "../../../shared/http/redirect.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, html, page, tr } from "../../../ui/kit.ts";
import { isSupervisor } from "../tasks/tasks.rules.ts";
import { FILTERS_READ } from "./filters.routes.ts";
import { changeFilter, createFilter, listFilters, removeFilter } from "./filters.service.ts";
import { FILTER_SHARE, pageHref, VIEW_PATHS } from "./filters.rules.ts";
import { TaskFilterInput, type TaskFilterQuery } from "./filters.schemas.ts";
import { FilterBar, SaveForm } from "./filters.view.tsx";
import "./filters.messages.ts";

const READ = requirePermission(FILTERS_READ);

/** The list page's own query values (as its filter form names them), as a filter's query. */
export interface ListValues {
  q: string;
  priority: string;
  state: string;
  due: string;
}

function queryOf(view: TaskFilterQuery["view"], v: Partial<ListValues>): TaskFilterQuery {
  const out: Record<string, string> = { view };
  for (const k of ["q", "priority", "state", "due"] as const) if (v[k]) out[k] = v[k]!;
  return out as TaskFilterQuery;
}

/** The bar above a task list: saved filters, the current one's actions, the save dialog. */
export async function taskFilterBar(
  c: C,
  view: TaskFilterQuery["view"],
  v: ListValues,
) {
  const actor = actorOf(c);
  const { items } = await listFilters(actor, { limit: 100 });
  // A shared filter of every task leads others to a page they may not open: not offered.
  const usable = isSupervisor(c.var.session) ? items : items.filter((f) => f.query.view !== "all");
  const wanted = c.req.query("filter");
  return (
    <FilterBar
      filters={usable}
      current={usable.find((f) => f.id === wanted) ?? null}
      query={queryOf(view, v)}
      me={actor.session.userId}
      canShare={hasPermission(c.var.session.permissions, FILTER_SHARE)}
    />
  );
}

/** The posted query: the filter form's live fields (htmx), else the ones the page was drawn with. */
function postedQuery(form: Form): TaskFilterQuery {
  const value = (k: string) => form[k] !== undefined ? one(form[k]) : one(form[`saved.${k}`]);
  const view = one(form.view);
  return queryOf(
    (view in VIEW_PATHS ? view : "mine") as TaskFilterQuery["view"],
    { q: value("q").trim(), priority: value("priority"), state: value("state"), due: value("due") },
  );
}

/** Input checked by the API's schema, so a page post fails the way the API does. */
function checked(value: unknown) {
  const parsed = TaskFilterInput.safeParse(value);
  if (parsed.success) return parsed.data;
  throw problems.validation(
    parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  );
}

async function saveFailed(c: C, form: Form, flash: Flash, status: Status) {
  const query = postedQuery(form);
  const canShare = hasPermission(c.var.session.permissions, FILTER_SHARE);
  const body = <SaveForm query={query} canShare={canShare} flash={flash} name={one(form.name)} />;
  if (isHtmx(c)) return html(c, body, status);
  const t = tr(c);
  return await page(c, t("workflow.filters.save.title"), body, {
    status,
    crumbs: [
      { label: t("module.workflow"), href: "/workflow" },
      { label: t(`workflow.tasks.${query.view}.title`), href: pageHref(query) },
    ],
  });
}

/** A failed share or delete: the message, and the way back to the list. */
async function actionFailed(c: C, back: string, flash: Flash, status: Status) {
  const t = tr(c);
  return await page(
    c,
    t("workflow.filters.label"),
    <>
      <p role="alert" class="alert error">{flash.text}</p>
      <Button href={back} variant="secondary" icon="arrow-left">
        {t("workflow.filters.close")}
      </Button>
    </>,
    { status, crumbs: [{ label: t("module.workflow"), href: "/workflow" }] },
  );
}

export function mountFilterPages(app: Hono<AppEnv>) {
  app.post("/task-filters", READ, async (c) => {
    const form = await readForm(c);
    try {
      const query = postedQuery(form);
      const input = checked({ name: one(form.name), shared: one(form.shared) === "true", query });
      const saved = await createFilter(actorOf(c), input);
      return redirectAfterPost(c, pageHref(saved.query, saved.id));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await saveFailed(c, form, flash, status);
    }
  });
  app.post("/task-filters/:id/share", READ, async (c) => {
    const id = pathId(c);
    const form = await readForm(c);
    try {
      const saved = await changeFilter(actorOf(c), {
        id,
        input: { shared: one(form.shared) === "true" },
      });
      return redirectAfterPost(c, pageHref(saved.query, saved.id));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await actionFailed(c, VIEW_PATHS.mine, flash, status);
    }
  });
  app.post("/task-filters/:id/delete", READ, async (c) => {
    const id = pathId(c);
    const form = await readForm(c);
    const back = sameOriginPath(one(form.back), VIEW_PATHS.mine);
    try {
      await removeFilter(actorOf(c), id);
      return redirectAfterPost(c, back);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await actionFailed(c, back, flash, status);
    }
  });
}
