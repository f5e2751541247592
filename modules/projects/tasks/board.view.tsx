import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { TaskRow } from "./tasks.schemas.ts";
import type { StatusRow, TransitionRow } from "../statuses/statuses.schemas.ts";
import { FlashMessage, PriorityBadge } from "../common/ui.view.tsx";

function Card({ l, task }: { l: Locale; task: TaskRow }) {
  return (
    <li class="pj-card" data-id={task.id} data-position={String(task.position)}>
      <a href={`/projects/tasks/${task.id}`}>{task.title}</a>
      <span class="pj-card-meta">
        <PriorityBadge l={l} p={task.priority} />
        {task.assigneeName && <span>{task.assigneeName}</span>}
        {task.dueDate && (
          <span class={task.overdue ? "pj-overdue" : ""}>
            {t(l, "projects.due")} {task.dueDate}
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * The kanban board. Allowed moves travel as data attributes so the drag script can refuse a
 * drop early; the server checks again and a refused move snaps back with its message.
 */
export function Board(
  { l, statuses, transitions, tasks, canWrite, role, admin }: {
    l: Locale;
    statuses: StatusRow[];
    transitions: TransitionRow[];
    tasks: TaskRow[];
    canWrite: boolean;
    /** The viewer's project role: moves limited to other roles are not offered. */
    role: string;
    admin: boolean;
  },
) {
  const mine = (x: TransitionRow) => admin || !x.roles.length || x.roles.includes(role as "member");
  const allowed = (from: string) =>
    transitions.length === 0
      ? "*"
      : transitions.filter((x) => x.fromStatusId === from && mine(x)).map((x) => x.toStatusId)
        .join(" ");
  return (
    <section aria-label={t(l, "projects.board")}>
      <FlashMessage id="board-message" />
      <p class="muted">{canWrite ? t(l, "projects.boardHelp") : ""}</p>
      <div class="pj-board" data-writable={canWrite ? "1" : "0"}>
        {statuses.map((s) => {
          const column = tasks.filter((x) => x.statusId === s.id);
          return (
            <section class="pj-column" aria-labelledby={`col-${s.id}`}>
              <h3 id={`col-${s.id}`}>
                {s.name} <span class="badge">{column.length}</span>
                {s.category === "done" && <span class="muted">✓</span>}
              </h3>
              <ul class="pj-cards" data-status={s.id} data-allowed={allowed(s.id)}>
                {column.map((task) => <Card l={l} task={task} />)}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

export function TaskTable(
  { l, tasks, showProject }: { l: Locale; tasks: TaskRow[]; showProject?: boolean },
) {
  if (!tasks.length) return <p class="muted">{t(l, "projects.noTasks")}</p>;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th>{t(l, "projects.task")}</th>
            {showProject && <th>{t(l, "projects.project")}</th>}
            <th>{t(l, "projects.taskStatus")}</th>
            <th>{t(l, "projects.priority")}</th>
            <th>{t(l, "projects.assignee")}</th>
            <th>{t(l, "projects.dueDate")}</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr>
              <td>
                <a href={`/projects/tasks/${task.id}`}>{task.title}</a>
                {task.labels.map((x) => <span class="badge">{x}</span>)}
              </td>
              {showProject && (
                <td>
                  <a href={`/projects/projects/${task.projectId}`}>{task.projectName}</a>
                </td>
              )}
              <td>{task.statusName}</td>
              <td>
                <PriorityBadge l={l} p={task.priority} />
              </td>
              <td>{task.assigneeName ?? "—"}</td>
              <td class={task.overdue ? "pj-overdue" : ""}>{task.dueDate ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function QuickTask(
  { l, projectId, statuses }: { l: Locale; projectId: string; statuses: StatusRow[] },
) {
  const action = `/projects/projects/${projectId}/tasks`;
  return (
    <form class="toolbar card" method="post" action={action}>
      <label for="qt-title">{t(l, "projects.newTask")}</label>
      <input id="qt-title" name="title" required maxLength={300} />
      <label for="qt-status">{t(l, "projects.taskStatus")}</label>
      <select id="qt-status" name="statusId">
        {statuses.map((s) => <option value={s.id}>{s.name}</option>)}
      </select>
      <button type="submit">{t(l, "projects.addTask")}</button>
    </form>
  );
}
