import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { PRIORITY_VALUES, priorityLabel } from "../common/ui.view.tsx";

/** Cross-project task filters: a GET form, so every filter lives in the query string. */
export function TaskFilters(
  { l, query, projects, statuses = [], members = [] }: {
    l: Locale;
    query: Record<string, string>;
    projects: { id: string; name: string }[];
    /** The chosen project's statuses and members (statuses belong to one project's flow). */
    statuses?: { id: string; name: string }[];
    members?: { userId: string; name: string }[];
  },
) {
  return (
    <form
      class="toolbar pj-filters"
      method="get"
      action="/projects/tasks"
      hx-get="/projects/tasks"
      hx-target="#tasks-panel"
      hx-swap="outerHTML"
      hx-push-url="true"
      hx-trigger="change, submit"
    >
      <span>
        <label for="tq-q">{t(l, "projects.search")}</label>
        <input id="tq-q" type="search" name="q" value={query.q ?? ""} />
      </span>
      <span>
        <label for="tq-project">{t(l, "projects.project")}</label>
        <select id="tq-project" name="projectId">
          <option value="">{t(l, "projects.any")}</option>
          {projects.map((p) => (
            <option value={p.id} selected={query.projectId === p.id}>{p.name}</option>
          ))}
        </select>
      </span>
      <StatusFilter l={l} query={query} statuses={statuses} />
      <span>
        <label for="tq-prio">{t(l, "projects.priority")}</label>
        <select id="tq-prio" name="priority">
          <option value="">{t(l, "projects.any")}</option>
          {PRIORITY_VALUES.map((p) => (
            <option value={p} selected={query.priority === p}>{priorityLabel(l, p)}</option>
          ))}
        </select>
      </span>
      <AssigneeFilter l={l} query={query} members={members} />
      <span>
        <label for="tq-from">{t(l, "projects.dueFrom")}</label>
        <input id="tq-from" type="date" name="dueFrom" value={query.dueFrom ?? ""} />
      </span>
      <span>
        <label for="tq-to">{t(l, "projects.dueTo")}</label>
        <input id="tq-to" type="date" name="dueTo" value={query.dueTo ?? ""} />
      </span>
      <span>
        <label for="tq-label">{t(l, "projects.label")}</label>
        <input id="tq-label" name="label" value={query.label ?? ""} />
      </span>
      <span>
        <label>
          <input type="checkbox" name="overdue" value="true" checked={query.overdue === "true"} />
          {" "}
          {t(l, "projects.overdueOnly")}
        </label>
      </span>
      <span>
        <label>
          <input type="checkbox" name="done" value="false" checked={query.done === "false"} />{" "}
          {t(l, "projects.openOnly")}
        </label>
      </span>
      <span>
        <label for="tq-sort">{t(l, "projects.sort")}</label>
        <select id="tq-sort" name="sort">
          {(["created", "updated", "due", "priority"] as const).map((s) => (
            <option value={s} selected={(query.sort ?? "created") === s}>
              {t(l, `projects.sort.${s}`)}
            </option>
          ))}
        </select>
      </span>
      <button type="submit">{t(l, "projects.filter")}</button>
    </form>
  );
}

/** The chosen project's statuses; swapped out of band when the project filter changes. */
export function StatusFilter(
  { l, query, statuses, oob }: {
    l: Locale;
    query: Record<string, string>;
    statuses: { id: string; name: string }[];
    oob?: boolean;
  },
) {
  return (
    <span id="tq-status-wrap" hx-swap-oob={oob ? "true" : undefined}>
      {statuses.length > 0 && (
        <>
          <label for="tq-status">{t(l, "projects.taskStatus")}</label>
          <select id="tq-status" name="statusId">
            <option value="">{t(l, "projects.any")}</option>
            {statuses.map((s) => (
              <option value={s.id} selected={query.statusId === s.id}>{s.name}</option>
            ))}
          </select>
        </>
      )}
    </span>
  );
}

/** Me, unassigned, and the chosen project's members (swapped like StatusFilter). */
export function AssigneeFilter(
  { l, query, members, oob }: {
    l: Locale;
    query: Record<string, string>;
    members: { userId: string; name: string }[];
    oob?: boolean;
  },
) {
  return (
    <span id="tq-assignee-wrap" hx-swap-oob={oob ? "true" : undefined}>
      <label for="tq-assignee">{t(l, "projects.assignee")}</label>
      <select id="tq-assignee" name="assigneeId">
        <option value="">{t(l, "projects.any")}</option>
        <option value="me" selected={query.assigneeId === "me"}>{t(l, "projects.me")}</option>
        <option value="unassigned" selected={query.assigneeId === "unassigned"}>
          {t(l, "projects.unassigned")}
        </option>
        {members.map((m) => (
          <option value={m.userId} selected={query.assigneeId === m.userId}>{m.name}</option>
        ))}
      </select>
    </span>
  );
}
