import type { Actor } from "../../../shared/http/actor.ts";
import type { SearchHit, SearchProvider } from "../../../shared/modules.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { definitionOptions } from "../instances/instances.repo.ts";
import { viewerOf } from "../instances/instances.service.ts";
import { assigneeOptions, processHits, taskHits } from "./search.repo.ts";
import { isSearchable, MIN_QUERY } from "./search.rules.ts";
import type { SearchCriteria } from "./search.schemas.ts";

export async function searchWorkflowAll(
  actor: Actor,
  { c, limit }: { c: SearchCriteria; limit: number },
) {
  const v = viewerOf(actor);
  const perms = actor.session.permissions;
  if (!isSearchable(c, fold(c.q))) return { processes: [], tasks: [] };
  // Free text shorter than the minimum adds nothing when filters narrow the search.
  const criteria = fold(c.q).length >= MIN_QUERY ? c : { ...c, q: "" };
  return {
    processes: hasPermission(perms, "workflow.process.read")
      ? await processHits(actor.sql, v, criteria, limit)
      : [],
    tasks: hasPermission(perms, "workflow.task.read")
      ? await taskHits(actor.sql, v, criteria, limit)
      : [],
  };
}

/** The search form's choices: definitions and people, by name. */
export async function searchChoices(actor: Actor) {
  const [definitions, people] = await Promise.all([
    definitionOptions(actor.sql),
    assigneeOptions(actor.sql),
  ]);
  return { definitions, people };
}

/**
 * Workflow's part of the global search: processes and tasks. Exception to (actor, input): the
 * global search's SearchProvider signature (actor, q, limit).
 */
export const searchWorkflow: SearchProvider = async (actor, q, limit) => {
  const found = await searchWorkflowAll(actor, { c: { q }, limit });
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
