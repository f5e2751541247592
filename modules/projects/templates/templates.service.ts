import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { fold } from "../../../shared/text/fold.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { isTenantAdmin } from "../access/access.rules.ts";
import { createProject, getProject } from "../projects/projects.service.ts";
import {
  type CreateTemplateBody,
  type FromTemplateBody,
  TemplateContent,
  type TemplateContentT,
} from "./templates.schemas.ts";
import { checkTemplate, creationOrder, shifted, toTemplate } from "./templates.rules.ts";
import { canonicalZone } from "../recurrence/recurrence.rules.ts";
import {
  deleteTemplate,
  insertDependency,
  insertMilestone,
  insertTemplate,
  insertTemplateTask,
  readSource,
  selectTemplate,
  selectTemplates,
  writeFields,
  writeFlow,
} from "./templates.repo.ts";

/** The most tasks a template keeps. */
export const TEMPLATE_MAX_TASKS = 2000;

const unprocessable = (detail: string, errors: { path: string; message: string }[]) =>
  new Problem(422, "validation", "Unprocessable Content", detail, errors);

export async function listTemplates(actor: Pick<Actor, "sql">) {
  return { items: await selectTemplates(actor.sql) };
}

/** A template with its content; 404 for an unknown id (another tenant's too). */
export async function getTemplate(actor: Pick<Actor, "sql">, id: string) {
  const row = await selectTemplate(actor.sql, id);
  if (!row) throw problems.notFound("No such template.");
  const content = TemplateContent.safeParse(row.content);
  if (!content.success) throw problems.unprocessable("This template cannot be read.");
  return { ...row, content: content.data };
}

/** Saves a project as a template: its managers and the workspace's administrators. */
export async function saveTemplate(
  actor: Pick<Actor, "sql" | "session">,
  body: z.infer<typeof CreateTemplateBody>,
) {
  const { sql, session } = actor;
  await requireProjectRole(actor, {
    projectId: body.projectId,
    needed: "manager",
    allowArchived: true,
  });
  const source = await readSource(sql, body.projectId);
  if (source.tasks.length > TEMPLATE_MAX_TASKS) {
    throw unprocessable(`A template keeps at most ${TEMPLATE_MAX_TASKS} tasks.`, [
      { path: "projectId", message: `more than ${TEMPLATE_MAX_TASKS} tasks` },
    ]);
  }
  const content = toTemplate(source);
  const id = await insertTemplate(sql, {
    name: body.name,
    description: body.description ?? "",
    content,
    userId: session.userId,
  });
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: body.projectId,
    action: "updated",
    summary: `Saved the project as the template ${body.name}`,
    after: { projectId: body.projectId, template: body.name },
  });
  return await getTemplate(actor, id);
}

/** Deletes a template: the one who made it or an administrator. */
export async function removeTemplate(actor: Pick<Actor, "sql" | "session">, id: string) {
  const row = await getTemplate(actor, id);
  if (row.createdBy !== actor.session.userId && !isTenantAdmin(actor.session)) {
    throw problems.forbidden("Only who made a template or an administrator may delete it.");
  }
  await deleteTemplate(actor.sql, id);
}

/**
 * A new project from a template, its dates shifted to `startDate`: the template's flow,
 * fields, milestones, task tree and dependencies, all in the request's transaction (a failure
 * anywhere leaves nothing behind).
 */
export async function projectFromTemplate(
  actor: Actor,
  { id, body, locale }: { id: string; body: z.infer<typeof FromTemplateBody>; locale: Locale },
) {
  const { sql, session } = actor;
  const template = await getTemplate(actor, id);
  const c: TemplateContentT = template.content;
  const errors = checkTemplate(c);
  if (errors.length) {
    throw unprocessable(
      "This template cannot make a project.",
      errors.map((e) => ({
        path: `content.${e.path}`,
        message: e.message,
      })),
    );
  }
  const zone = body.timeZone === undefined ? undefined : canonicalZone(body.timeZone);
  if (zone === null) {
    throw unprocessable("Unknown time zone.", [
      { path: "timeZone", message: "an IANA time zone such as Europe/Istanbul" },
    ]);
  }
  const start = body.startDate;
  const project = await createProject(actor, {
    body: {
      name: body.name,
      description: body.description ?? template.description,
      startDate: start,
      dueDate: shifted(start, c.durationDays),
      timeZone: zone,
    },
    locale,
  });
  const statuses = await writeFlow(sql, project.id, c);
  await writeFields(sql, project.id, c.fields.map((f) => ({ ...f, nameKey: fold(f.name) })));
  const milestones = new Map<string, string>();
  for (const m of c.milestones) {
    milestones.set(
      m.key,
      await insertMilestone(sql, project.id, {
        name: m.name,
        description: m.description,
        date: shifted(start, m.offset)!,
        userId: session.userId,
      }),
    );
  }
  const tasks = new Map<string, string>();
  const done = new Set(c.statuses.filter((s) => s.category === "done").map((s) => s.key));
  const order = new Map(c.tasks.map((t, i) => [t.key, i]));
  for (const t of creationOrder(c.tasks)!) {
    tasks.set(
      t.key,
      await insertTemplateTask(sql, project.id, {
        title: t.title,
        description: t.description,
        statusId: statuses.get(t.status)!,
        done: done.has(t.status),
        priority: t.priority,
        estimate: t.estimate,
        labels: t.labels,
        parentId: t.parent ? tasks.get(t.parent)! : null,
        milestoneId: t.milestone ? milestones.get(t.milestone)! : null,
        startDate: shifted(start, t.startOffset),
        dueDate: shifted(start, t.dueOffset),
        position: (order.get(t.key)! + 1) * 1024,
        userId: session.userId,
      }),
    );
  }
  for (const d of c.dependencies) {
    await insertDependency(sql, {
      blockerId: tasks.get(d.blocker)!,
      blockedId: tasks.get(d.blocked)!,
      kind: d.kind,
      lagDays: d.lagDays,
    });
  }
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: project.id,
    action: "updated",
    summary: `Made project ${project.name} from the template ${template.name}`,
    after: { projectId: project.id, template: template.name, tasks: c.tasks.length },
  });
  return await getProject(actor, project.id);
}
