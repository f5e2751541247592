import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { ProjectRow } from "./projects.schemas.ts";
import {
  type Flash,
  FlashMessage,
  MoreLink,
  PROJECT_STATUS_VALUES,
  projectStatusLabel,
} from "../common/ui.view.tsx";

export function ProjectForm(
  { l, p, action }: { l: Locale; p?: ProjectRow; action: string },
) {
  const id = p ? `p-${p.id}` : "p-new";
  return (
    <form
      class="card pj-form"
      method="post"
      action={action}
      hx-post={action}
      hx-target={p ? "#project-head" : "#projects-panel"}
      hx-swap="outerHTML"
    >
      <h2>{p ? t(l, "projects.edit") : t(l, "projects.new")}</h2>
      <label for={`${id}-name`}>{t(l, "projects.name")}</label>
      <input id={`${id}-name`} name="name" required maxLength={200} value={p?.name ?? ""} />
      <label for={`${id}-desc`}>{t(l, "projects.description")}</label>
      <textarea id={`${id}-desc`} name="description" rows={3}>{p?.description ?? ""}</textarea>
      <div class="pj-row">
        <span>
          <label for={`${id}-status`}>{t(l, "projects.status")}</label>
          <select id={`${id}-status`} name="status">
            {PROJECT_STATUS_VALUES.map((s) => (
              <option value={s} selected={(p?.status ?? "planlamada") === s}>
                {projectStatusLabel(l, s)}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label for={`${id}-start`}>{t(l, "projects.startDate")}</label>
          <input id={`${id}-start`} type="date" name="startDate" value={p?.startDate ?? ""} />
        </span>
        <span>
          <label for={`${id}-due`}>{t(l, "projects.dueDate")}</label>
          <input id={`${id}-due`} type="date" name="dueDate" value={p?.dueDate ?? ""} />
        </span>
      </div>
      <p>
        <button type="submit">{p ? t(l, "projects.save") : t(l, "projects.create")}</button>
      </p>
    </form>
  );
}

export function ProjectsPanel(
  { l, items, nextHref, query, canCreate, flash }: {
    l: Locale;
    items: ProjectRow[];
    nextHref: string | null;
    query: { status?: string; archived?: string };
    canCreate: boolean;
    flash?: Flash;
  },
) {
  return (
    <div id="projects-panel">
      <FlashMessage flash={flash} />
      <form
        class="toolbar"
        method="get"
        action="/projects/projects"
        hx-get="/projects/projects"
        hx-target="#projects-panel"
        hx-select="#projects-panel"
        hx-swap="outerHTML"
        hx-push-url="true"
        hx-trigger="change"
      >
        <label for="pf-status">{t(l, "projects.status")}</label>
        <select id="pf-status" name="status">
          <option value="">{t(l, "projects.any")}</option>
          {PROJECT_STATUS_VALUES.map((s) => (
            <option value={s} selected={query.status === s}>{projectStatusLabel(l, s)}</option>
          ))}
        </select>
        <label for="pf-archived">{t(l, "projects.archived")}</label>
        <select id="pf-archived" name="archived">
          <option value="false" selected={query.archived !== "true" && query.archived !== "all"}>
            {t(l, "projects.activeOnly")}
          </option>
          <option value="true" selected={query.archived === "true"}>
            {t(l, "projects.archivedOnly")}
          </option>
          <option value="all" selected={query.archived === "all"}>{t(l, "projects.all")}</option>
        </select>
        <button type="submit" class="secondary js-hide">{t(l, "projects.filter")}</button>
      </form>
      {items.length === 0 ? <p class="muted">{t(l, "projects.empty")}</p> : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t(l, "projects.name")}</th>
                <th>{t(l, "projects.status")}</th>
                <th>{t(l, "projects.progress")}</th>
                <th>{t(l, "projects.dueDate")}</th>
                <th>{t(l, "projects.myRole")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr>
                  <td>
                    <a href={`/projects/projects/${p.id}`}>{p.name}</a>
                    {p.archived && <span class="badge">{t(l, "projects.archivedBadge")}</span>}
                  </td>
                  <td>{projectStatusLabel(l, p.status)}</td>
                  <td>
                    <progress max={Math.max(p.taskCount, 1)} value={p.doneCount}>
                      {p.doneCount}/{p.taskCount}
                    </progress>{" "}
                    {p.doneCount}/{p.taskCount}
                  </td>
                  <td>{p.dueDate ?? "—"}</td>
                  <td>{p.myRole ? t(l, `projects.role.${p.myRole}`) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreLink href={nextHref} text={t(l, "projects.more")} />
      {canCreate && <ProjectForm l={l} action="/projects/projects" />}
    </div>
  );
}

export function ProjectHead(
  { l, p, canManage, flash }: { l: Locale; p: ProjectRow; canManage: boolean; flash?: Flash },
) {
  const base = `/projects/projects/${p.id}`;
  return (
    <section id="project-head" class="card">
      <FlashMessage flash={flash} />
      <p>
        <span class="badge">{projectStatusLabel(l, p.status)}</span>
        {p.archived && <span class="badge">{t(l, "projects.archivedBadge")}</span>}
      </p>
      {p.description && <p>{p.description}</p>}
      <p class="muted">
        {t(l, "projects.startDate")}: {p.startDate ?? "—"} · {t(l, "projects.dueDate")}:{" "}
        {p.dueDate ?? "—"} · {p.doneCount}/{p.taskCount} {t(l, "projects.tasksDone")}
      </p>
      {canManage && (
        <form
          method="post"
          action={`${base}/${p.archived ? "unarchive" : "archive"}`}
          class="inline"
        >
          <button type="submit" class="secondary">
            {p.archived ? t(l, "projects.unarchive") : t(l, "projects.archive")}
          </button>
        </form>
      )}
      {canManage && !p.archived && (
        <details>
          <summary>{t(l, "projects.edit")}</summary>
          <ProjectForm l={l} p={p} action={base} />
        </details>
      )}
    </section>
  );
}
