import type { SearchHit, SearchProvider } from "../../../shared/modules.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { projectHits, taskHits } from "./search.repo.ts";

const EXCERPT = 120;

/** First line of a description, cut short: enough to tell two projects apart. */
function excerpt(text: string): string | null {
  const line = text.split("\n").map((s) => s.trim()).find(Boolean) ?? "";
  return !line ? null : line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
}

/** Projects' part of the global search: projects by name, tasks by title and description. */
export const searchProjects: SearchProvider = async ({ sql, session }, q, limit) => {
  const folded = fold(q);
  const hits: SearchHit[] = [];
  if (hasPermission(session.permissions, "projects.project.read")) {
    for (const p of await projectHits(sql, session, folded, limit)) {
      hits.push({
        kind: "project",
        title: p.name,
        subtitle: excerpt(p.description),
        href: `/projects/projects/${p.id}`,
      });
    }
  }
  if (hasPermission(session.permissions, "projects.task.read")) {
    for (const t of await taskHits(sql, session, folded, limit)) {
      hits.push({
        kind: "task",
        title: t.title,
        subtitle: t.projectName,
        href: `/projects/tasks/${t.id}`,
      });
    }
  }
  return hits;
};
