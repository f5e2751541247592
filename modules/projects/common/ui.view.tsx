import type { Locale } from "../../../shared/i18n/i18n.ts";
import { StateBadge } from "../../../ui/kit.ts";
import { priorityLabel, projectStatusLabel } from "./labels.lib.ts";

export { type Flash, Toast } from "../../../ui/kit.ts";
export {
  defaultStatusLabel,
  flowNames,
  PRIORITY_VALUES,
  priorityLabel,
  PROJECT_STATUS_VALUES,
  projectStatusLabel,
  statusName,
} from "./labels.lib.ts";

export function PriorityBadge({ l, p }: { l: Locale; p: string }) {
  return <StateBadge kind="priority" value={p} label={priorityLabel(l, p)} />;
}

export function ProjectStatusBadge({ l, s }: { l: Locale; s: string }) {
  return <StateBadge kind="project" value={s} label={projectStatusLabel(l, s)} />;
}

/** Scripts and styles of the module's pages (CSP: no inline code). */
export function Assets({ board }: { board?: boolean }) {
  return (
    <>
      <link rel="stylesheet" href="/assets/projects.css" />
      <script src="/assets/projects-task.js" defer></script>
      {board && <script src="/assets/sortable.min.js" defer></script>}
      {board && <script src="/assets/projects-board.js" defer></script>}
    </>
  );
}
