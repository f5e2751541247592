import type { ComponentChildren } from "preact";
import { type Flash, StateBadge, Toast, useT } from "../../../ui/kit.ts";
import {
  priorityLabel,
  type PriorityValue,
  projectStatusLabel,
  type ProjectStatusValue,
} from "./labels.lib.ts";

export { type Flash, Toast } from "../../../ui/kit.ts";
export {
  defaultStatusLabel,
  flowNames,
  PRIORITY_VALUES,
  priorityLabel,
  priorityText,
  PROJECT_STATUS_VALUES,
  projectStatusLabel,
  projectStatusText,
  roleLabel,
  roleText,
  statusName,
  translator,
} from "./labels.lib.ts";

export function PriorityBadge({ p }: { p: PriorityValue }) {
  const t = useT();
  return <StateBadge kind="priority" value={p} label={priorityLabel(t, p)} />;
}

export function ProjectStatusBadge({ s }: { s: ProjectStatusValue }) {
  const t = useT();
  return <StateBadge kind="project" value={s} label={projectStatusLabel(t, s)} />;
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

/**
 * A form that posts to its action through htmx and is replaced by the answer (itself again, with
 * the flash above its fields).
 */
export function FlashForm(
  { id, class: cls, action, flash, children }: {
    id: string;
    class: string;
    action: string;
    flash?: Flash;
    children: ComponentChildren;
  },
) {
  return (
    <form
      id={id}
      class={cls}
      method="post"
      action={action}
      hx-post={action}
      hx-target="this"
      hx-swap="outerHTML"
    >
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      {children}
    </form>
  );
}
