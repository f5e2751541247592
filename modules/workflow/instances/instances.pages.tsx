import "./instances.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  field,
  type Flash,
  isHtmx,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, html, page, tr } from "../../../ui/kit.ts";
import "../batches/batches.messages.ts";
import { InstanceQuery } from "./instances.schemas.ts";
import { canManage } from "./instances.rules.ts";
import {
  definitionChoices,
  getInstance,
  instanceAction,
  instanceDiagram,
  instanceHistory,
  listInstances,
  resolveIncident,
  setVariables,
} from "./instances.service.ts";
import { InstancesPanel, InstancesTable } from "./instances.view.tsx";
import { InstanceActions, InstanceDetailView } from "./instance-detail.view.tsx";

const FILTERS = ["q", "definitionId", "state", "startedFrom", "startedTo", "incident", "cursor"];
const DAY = /^\d{4}-\d\d-\d\d$/;
/** Date inputs give days; the API takes instants: the day's start, or the next day's. */
const dayStart = (d: string | undefined, plus = 0) =>
  d && DAY.test(d) && !Number.isNaN(Date.parse(d))
    ? new Date(Date.parse(d) + plus * 86_400_000).toISOString()
    : d;

const crumbs = (c: C) => [{ label: tr(c)("module.workflow"), href: "/workflow" }];

async function listPage(c: C, mine: boolean) {
  const query: Record<string, string> = {};
  for (const k of FILTERS) {
    const v = c.req.query(k);
    if (v) query[k] = v.slice(0, 500);
  }
  const parsed = InstanceQuery.safeParse({
    ...query,
    startedFrom: dayStart(query.startedFrom),
    startedTo: dayStart(query.startedTo, 1),
    mine: mine ? "true" : undefined,
    limit: 25,
  });
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: `query.${i.path.join(".")}`, message: i.message })),
    );
  }
  const actor = actorOf(c);
  const result = await listInstances(actor, parsed.data);
  const path = mine ? "/workflow/my-processes" : "/workflow/processes";
  const { cursor: _, ...kept } = query;
  if (isHtmx(c) && query.cursor) {
    return html(
      c,
      <InstancesTable {...result} query={kept} path={path} />,
    );
  }
  const body = (
    <InstancesPanel
      v={{ path, ...result, query: kept, definitions: await definitionChoices(actor) }}
    />
  );
  const t = tr(c);
  return await page(c, t(mine ? "page.myProcesses" : "page.allProcesses"), body, {
    crumbs: crumbs(c),
    description: t(mine ? "wfi.instances.mineDescription" : "wfi.instances.description"),
    // Batch operations work on many of these processes at once (admins).
    actions: !mine && canManage(c.var.session.permissions) && (
      <Button href="/workflow/admin/batches" variant="secondary" icon="layers">
        {t("wfb.link")}
      </Button>
    ),
  });
}

async function detailPage(c: C, id: string, flash?: Flash, status: Status = 200) {
  const actor = actorOf(c);
  const d = await getInstance(actor, id);
  const { xml } = await instanceDiagram(actor, id);
  const { items } = await instanceHistory(actor, { id });
  const v = { d, history: items, xml, canManage: canManage(c.var.session.permissions), flash };
  return await page(c, d.name, <InstanceDetailView v={v} />, {
    status,
    crumbs: [...crumbs(c), { label: tr(c)("page.allProcesses"), href: "/workflow/processes" }],
    actions: <InstanceActions v={v} />,
  });
}

/** Runs an admin's action from the instance page: back to it, or it again with the message. */
async function act(
  c: C,
  run: (id: string, form: Record<string, string | string[]>) => Promise<unknown>,
) {
  const id = pathId(c);
  const form = await readForm(c);
  try {
    await run(id, form);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return await detailPage(c, id, flash, status);
  }
  return redirectAfterPost(c, `/workflow/processes/${id}`);
}

/** A variable edited in the dialog: its value is JSON text. */
function variableFrom(c: C, form: Record<string, string | string[]>) {
  const name = field(form, "name").trim();
  try {
    return { [name]: JSON.parse(field(form, "value")) };
  } catch {
    throw problems.validation(
      [{ path: "value", message: tr(c)("wfi.instance.badJson") }],
      tr(c)("wfi.instance.badJson"),
    );
  }
}

/** /workflow/processes, /workflow/my-processes, /workflow/processes/:id and its actions. */
export function mountInstancePages(app: Hono<AppEnv>) {
  const read = requirePermission("workflow.process.read");
  // Managing needs definition.write; the service answers 404 for instances one may not see.
  const manage = requirePermission("workflow.process.read", "workflow.definition.write");
  app.get("/processes", read, (c) => listPage(c, false));
  app.get("/my-processes", read, (c) => listPage(c, true));
  app.get("/processes/:id", read, (c) => detailPage(c, pathId(c)));
  app.post(
    "/processes/:id/cancel",
    manage,
    (c) =>
      act(
        c,
        (id, form) =>
          instanceAction(actorOf(c), {
            id,
            action: "cancel",
            reason: field(form, "reason").trim() || undefined,
          }),
      ),
  );
  app.post(
    "/processes/:id/suspend",
    manage,
    (c) => act(c, (id) => instanceAction(actorOf(c), { id, action: "suspend" })),
  );
  app.post(
    "/processes/:id/resume",
    manage,
    (c) => act(c, (id) => instanceAction(actorOf(c), { id, action: "resume" })),
  );
  app.post(
    "/processes/:id/variables",
    manage,
    (c) => act(c, (id, form) => setVariables(actorOf(c), { id, vars: variableFrom(c, form) })),
  );
  for (const how of ["retry", "skip"] as const) {
    app.post(
      `/processes/:id/incidents/:incidentId/${how}`,
      manage,
      (c) =>
        act(c, () => resolveIncident(actorOf(c), { incidentId: pathId(c, "incidentId"), how })),
    );
  }
}
