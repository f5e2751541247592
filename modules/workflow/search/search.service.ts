import type { Actor } from "../../../shared/http/actor.ts";
import type { SearchHit, SearchProvider } from "../../../shared/modules.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { viewerOf } from "../instances/instances.service.ts";
import { processHits, taskHits } from "./search.repo.ts";

/** Queries shorter than this (folded) find too much to be useful. */
export const MIN_QUERY = 2;

export async function searchWorkflowAll(actor: Actor, q: string, limit: number) {
  const v = viewerOf(actor);
  const perms = actor.session.permissions;
  if (fold(q).length < MIN_QUERY) return { processes: [], tasks: [] };
  return {
    processes: hasPermission(perms, "workflow.process.read")
      ? await processHits(actor.sql, v, q, limit)
      : [],
    tasks: hasPermission(perms, "workflow.task.read") ? await taskHits(actor.sql, v, q, limit) : [],
  };
}

/** Workflow's part of the global search: processes and tasks. */
export const searchWorkflow: SearchProvider = async (actor, q, limit) => {
  const found = await searchWorkflowAll(actor, q, limit);
  const hits: SearchHit[] = [];
  for (const p of found.processes) {
    hits.push({
      kind: "process",
      title: p.name,
      subtitle: [p.businessKey, p.definitionName].filter(Boolean).join(" · "),
      href: `/workflow/processes/${p.id}`,
    });
  }
  for (const t of found.tasks) {
    hits.push({
      kind: "task",
      title: t.name,
      subtitle: t.instanceName,
      href: `/workflow/tasks/${t.id}`,
    });
  }
  return hits;
};
