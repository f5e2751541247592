import { Hono } from "hono";
import type { VNode } from "preact";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html, page, Tabs } from "../../../ui/kit.ts";
import {
  type C,
  type Flash,
  type FlashStatus,
  type Form,
  isHtmx,
  many,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { projectTabItems } from "../common/tabs.lib.ts";
import { Assets } from "../common/ui.view.tsx";
import { projectAccess } from "../access/access.service.ts";
import { getProject, membersOf } from "../projects/projects.service.ts";
import { ProjectSummary } from "../projects/projects.view.tsx";
import { changeTask, getTask } from "../tasks/tasks.service.ts";
import { CreateFieldBody, UpdateFieldBody } from "./fields.schemas.ts";
import { type FieldDef, hasOptions } from "./fields.rules.ts";
import {
  changeField,
  createField,
  fieldBreakdown,
  fieldsOf,
  orderFields,
  removeField,
} from "./fields.service.ts";
import {
  FieldBreakdownCard,
  FieldFilter,
  FieldsManager,
  FieldsStyle,
  TaskCustomFields,
} from "./fields.view.tsx";
import "./fields.messages.ts";

const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

const lines = (v: string) =>
  v.split(/\r?\n/).map((x) => x.trim()).filter(Boolean).map((label) => ({ label }));
const num = (v: string) => (v === "" ? null : Number(v));

/**
 * Runs a form action; a refusal comes back as an inline message. The rules' messages name the
 * field by its name, so they are shown without their paths (which hold field ids).
 */
async function attempt<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; flash: Flash; status: FlashStatus }> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof Problem && err.status === 422 && err.errors?.length) {
      const text = err.errors.map((e) => e.message).join("; ");
      return { ok: false, flash: { kind: "error", text }, status: 422 };
    }
    return { ok: false, ...problemFlash(err) };
  }
}

function zodProblem(issues: { path: PropertyKey[]; message: string }[]) {
  return problems.validation(
    issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  );
}

/** The add form as the API's create body. */
function createBody(f: Form) {
  return {
    name: one(f.name),
    type: one(f.type),
    required: one(f.required) === "1",
    description: one(f.description),
    min: num(one(f.min)),
    max: num(one(f.max)),
    options: lines(one(f.options)),
  };
}

/** The edit form as the API's update body: emptied option names remove those options. */
function updateBody(f: Form, def: FieldDef) {
  // Each option's inputs carry its id; an emptied name removes the option.
  const kept = def.options.map((o) => ({
    id: o.id,
    label: one(f[`optionLabel.${o.id}`]),
    color: one(f[`optionColor.${o.id}`]) || o.color,
  })).filter((o) => o.label);
  return {
    name: one(f.name),
    required: one(f.required) === "1",
    description: one(f.description),
    ...(def.type === "number" ? { min: num(one(f.min)), max: num(one(f.max)) } : {}),
    ...(hasOptions(def.type)
      ? {
        options: [...kept, ...lines(one(f.options))],
        clearRemovedOptions: one(f.clearRemovedOptions) === "1",
      }
      : {}),
  };
}

async function fieldsPage(c: C, flash?: Flash, status: Status = 200) {
  const id = pathId(c);
  const l = c.var.locale;
  const p = await getProject(actorOf(c), id);
  const access = await projectAccess(actorOf(c), id);
  const canManage = access.role === "manager" && !access.archived &&
    hasPermission(c.var.session.permissions, "projects.project.write");
  const tabs = projectTabItems(id, "fields", (key) => t(l, `projects.view.${key}`));
  return page(
    c,
    p.name,
    (
      <>
        <Assets />
        <FieldsStyle />
        <Tabs items={tabs} label={t(l, "projects.views")} />
        <FieldsManager
          projectId={id}
          fields={await fieldsOf({ sql: c.var.sql }, id)}
          canManage={canManage}
          flash={flash}
        />
      </>
    ),
    {
      crumbs: [{ label: t(l, "page.projects"), href: "/projects/projects" }],
      description: <ProjectSummary p={p} />,
      status,
    },
  );
}

/** A form action on the fields page: back to the page, or the page with the refusal. */
async function fieldAction(c: C, run: () => Promise<unknown>, ok: string) {
  const r = await attempt(run);
  const back = `/projects/projects/${pathId(c)}/fields`;
  if (r.ok) return redirectAfterPost(c, `${back}?saved=${ok}`);
  return await fieldsPage(c, r.flash, r.status);
}

async function fieldOf(c: C) {
  const id = pathId(c);
  const fieldId = pathId(c, "fieldId");
  const def = (await fieldsOf({ sql: c.var.sql }, id)).find((f) => f.id === fieldId);
  if (!def) throw problems.notFound("No such field.");
  return def;
}

const projectPages = new Hono<AppEnv>()
  .get("/:id/fields", READ, async (c) => {
    const saved = c.req.query("saved");
    const l = c.var.locale;
    return await fieldsPage(
      c,
      saved === "1"
        ? { kind: "ok", text: t(l, "projects.fields.saved") }
        : saved === "deleted"
        ? { kind: "ok", text: t(l, "projects.fields.deleted") }
        : undefined,
    );
  })
  .post("/:id/fields", WRITE, async (c) => {
    const id = pathId(c);
    const parsed = CreateFieldBody.safeParse(createBody(await readForm(c)));
    return await fieldAction(c, () => {
      if (!parsed.success) throw zodProblem(parsed.error.issues);
      return createField(actorOf(c), { projectId: id, body: parsed.data });
    }, "1");
  })
  .post("/:id/fields/:fieldId", WRITE, async (c) => {
    const id = pathId(c);
    const def = await fieldOf(c);
    const parsed = UpdateFieldBody.safeParse(updateBody(await readForm(c), def));
    return await fieldAction(c, () => {
      if (!parsed.success) throw zodProblem(parsed.error.issues);
      return changeField(actorOf(c), { projectId: id, fieldId: def.id, body: parsed.data });
    }, "1");
  })
  .post("/:id/fields/:fieldId/delete", WRITE, async (c) => {
    const id = pathId(c);
    const fieldId = pathId(c, "fieldId");
    return await fieldAction(
      c,
      () => removeField(actorOf(c), { projectId: id, fieldId }),
      "deleted",
    );
  })
  .post("/:id/fields/:fieldId/move", WRITE, async (c) => {
    const id = pathId(c);
    const fieldId = pathId(c, "fieldId");
    const up = one((await readForm(c)).dir) === "up";
    return await fieldAction(c, async () => {
      const ids = (await fieldsOf({ sql: c.var.sql }, id)).map((f) => f.id);
      const i = ids.indexOf(fieldId);
      if (i < 0) throw problems.notFound("No such field.");
      const j = up ? i - 1 : i + 1;
      if (j >= 0 && j < ids.length) [ids[i], ids[j]] = [ids[j], ids[i]];
      return await orderFields(actorOf(c), { projectId: id, ids });
    }, "1");
  });

/** The task page's custom fields card (the task's access already checked by the caller). */
export async function taskFieldsBlock(
  c: C,
  task: { id: string; projectId: string; customFields: Record<string, string | number | string[]> },
  canWrite: boolean,
  flash?: Flash,
  fragment = false,
): Promise<VNode> {
  const card = (
    <TaskCustomFields
      taskId={task.id}
      fields={await fieldsOf({ sql: c.var.sql }, task.projectId)}
      values={task.customFields}
      members={await membersOf({ sql: c.var.sql }, task.projectId)}
      canWrite={canWrite}
      flash={flash}
    />
  );
  return fragment ? card : (
    <>
      <FieldsStyle />
      {card}
    </>
  );
}

/** The values posted by the task page's card: only the fields whose value changed. */
function changedValues(f: Form, fields: FieldDef[], before: Record<string, unknown>) {
  const out: Record<string, string | string[] | null> = {};
  for (const def of fields) {
    const key = `cf.${def.id}`;
    if (def.type === "multi_select") {
      if (!one(f[`cfPresent.${def.id}`])) continue;
      const now = many(f[key] as string | string[] | undefined);
      const was = Array.isArray(before[def.id]) ? before[def.id] as string[] : [];
      if ([...now].sort().join() !== [...was].sort().join()) out[def.id] = now;
      continue;
    }
    if (!(key in f)) continue;
    const now = one(f[key]);
    const was = before[def.id] === undefined ? "" : String(before[def.id]);
    if (now !== was) out[def.id] = now === "" ? null : now;
  }
  return out;
}

const taskPages = new Hono<AppEnv>()
  .post("/:id/fields", requirePermission("projects.task.write"), async (c) => {
    const id = pathId(c);
    const form = await readForm(c);
    const { task, access } = await getTask(actorOf(c), id);
    const fields = await fieldsOf({ sql: c.var.sql }, task.projectId);
    const input = changedValues(form, fields, task.customFields);
    const r = await attempt(() =>
      Object.keys(input).length
        ? changeTask(actorOf(c), { id, input: { customFields: input } })
        : Promise.resolve(task)
    );
    if (!isHtmx(c) && r.ok) return redirectAfterPost(c, `/projects/tasks/${id}`);
    const l = c.var.locale;
    const flash: Flash = r.ok ? { kind: "ok", text: t(l, "projects.saved") } : r.flash;
    const shown = r.ok ? r.value : task;
    const canWrite = access.role !== "viewer" && !access.archived;
    return html(
      c,
      await taskFieldsBlock(c, shown, canWrite, flash, true),
      (r.ok ? 200 : r.status) as 200,
    );
  });

/** The list's custom-field filter for the chosen project (none without one). */
export async function taskListFieldFilter(
  c: C,
  { projectId, query, oob }: { projectId?: string; query: Record<string, string>; oob?: boolean },
) {
  const fields = projectId ? await fieldsOf({ sql: c.var.sql }, projectId) : [];
  const members = projectId && fields.some((f) => f.type === "person")
    ? await membersOf({ sql: c.var.sql }, projectId)
    : [];
  return <FieldFilter query={query} fields={fields} members={members} oob={oob} />;
}

/**
 * The list page keeps a custom-field filter or sort only for a field of the chosen project
 * (like a status from another project's flow, it is dropped when the project changes).
 */
export async function dropStaleFieldFilters(
  c: C,
  { projectId, query, raw }: {
    projectId?: string;
    query: { cf?: string | string[]; sortField?: string };
    raw: Record<string, string>;
  },
) {
  if (!query.cf && !query.sortField) return;
  const ids = new Set(
    projectId ? (await fieldsOf({ sql: c.var.sql }, projectId)).map((f) => f.id) : [],
  );
  const cf = typeof query.cf === "string" ? query.cf : undefined;
  if (query.cf !== undefined && !(cf && ids.has(cf.split(":")[0].toLowerCase()))) {
    delete query.cf;
    delete raw.cf;
  }
  if (query.sortField && !ids.has(query.sortField.toLowerCase())) {
    delete query.sortField;
    delete raw.sortField;
  }
}

/** The reports page's breakdown card for a chosen project (its access already checked). */
export async function reportFieldBlock(
  c: C,
  { projectId, fieldId }: { projectId: string; fieldId?: string },
) {
  const fields = await fieldsOf({ sql: c.var.sql }, projectId);
  const choices = fields.filter((f) => hasOptions(f.type) || f.type === "person");
  const chosen = choices.find((f) => f.id === fieldId) ?? choices[0];
  const data = chosen
    ? await fieldBreakdown(actorOf(c), { projectId, fieldId: chosen.id })
    : { items: [] };
  return (
    <>
      <FieldsStyle />
      <FieldBreakdownCard
        action={c.req.path}
        projectId={projectId}
        fields={fields}
        chosen={chosen}
        items={data.items}
      />
    </>
  );
}

/** The fields page at /projects/projects/:id/fields and the task card's action. */
export function mountFieldPages(app: Hono<AppEnv>) {
  app.route("/projects", projectPages);
  app.route("/tasks", taskPages);
}
