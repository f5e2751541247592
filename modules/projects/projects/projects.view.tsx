import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Badge,
  Button,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  Filters,
  Icon,
} from "../../../ui/kit.ts";
import type { ProjectRow } from "./projects.schemas.ts";
import {
  type Flash,
  PROJECT_STATUS_VALUES,
  ProjectStatusBadge,
  projectStatusLabel,
  Toast,
} from "../common/ui.view.tsx";

/** Create (no `p`) or edit a project; answers with itself and its errors when htmx posts it. */
export function ProjectForm(
  { l, p, action, flash }: { l: Locale; p?: ProjectRow; action: string; flash?: Flash },
) {
  const id = p ? "p-edit" : "p-new";
  return (
    <form
      id={`${id}-form`}
      class="form-grid pj-form"
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
      <Field label={t(l, "projects.name")} wide>
        <input id={`${id}-name`} name="name" required maxLength={200} value={p?.name ?? ""} />
      </Field>
      <Field label={t(l, "projects.description")} wide>
        <textarea id={`${id}-desc`} name="description" rows={3}>{p?.description ?? ""}</textarea>
      </Field>
      <Field label={t(l, "projects.status")}>
        <select id={`${id}-status`} name="status">
          {PROJECT_STATUS_VALUES.map((s) => (
            <option value={s} selected={(p?.status ?? "planlamada") === s}>
              {projectStatusLabel(l, s)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t(l, "projects.startDate")}>
        <input id={`${id}-start`} type="date" name="startDate" value={p?.startDate ?? ""} />
      </Field>
      <Field label={t(l, "projects.dueDate")}>
        <input id={`${id}-due`} type="date" name="dueDate" value={p?.dueDate ?? ""} />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon={p ? "save" : "plus"}>
          {p ? t(l, "projects.save") : t(l, "projects.create")}
        </Button>
      </div>
    </form>
  );
}

/** The "new project" dialog of the list page. */
export function NewProjectDialog({ l }: { l: Locale }) {
  return (
    <Dialog
      id="new-project"
      title={t(l, "projects.new")}
      trigger={t(l, "projects.new")}
      icon="plus"
      closeLabel={t(l, "projects.close")}
    >
      <ProjectForm l={l} action="/projects/projects" />
    </Dialog>
  );
}

export function ProjectFilters(
  { l, query }: { l: Locale; query: { status?: string; archived?: string; q?: string } },
) {
  return (
    <Filters
      action="/projects/projects"
      target="#projects"
      label={t(l, "projects.filters")}
      submitLabel={t(l, "projects.filter")}
    >
      <Field label={t(l, "projects.search")}>
        <input id="pf-q" type="search" name="q" value={query.q ?? ""} />
      </Field>
      <Field label={t(l, "projects.status")}>
        <select id="pf-status" name="status">
          <option value="">{t(l, "projects.any")}</option>
          {PROJECT_STATUS_VALUES.map((s) => (
            <option value={s} selected={query.status === s}>{projectStatusLabel(l, s)}</option>
          ))}
        </select>
      </Field>
      <Field label={t(l, "projects.archived")}>
        <select id="pf-archived" name="archived">
          <option value="false" selected={query.archived !== "true" && query.archived !== "all"}>
            {t(l, "projects.activeOnly")}
          </option>
          <option value="true" selected={query.archived === "true"}>
            {t(l, "projects.archivedOnly")}
          </option>
          <option value="all" selected={query.archived === "all"}>{t(l, "projects.all")}</option>
        </select>
      </Field>
    </Filters>
  );
}

/** Done of total as a bar and in words ("3 of 5"). */
export function Progress({ l, done, total }: { l: Locale; done: number; total: number }) {
  const text = t(l, "projects.doneOf", { done, total });
  return (
    <span class="pj-progress-cell">
      <progress max={Math.max(total, 1)} value={done} aria-label={text}>{text}</progress>
      <span class="muted">{text}</span>
    </span>
  );
}

export function ProjectsTable(
  { l, items, moreHref, filtered }: {
    l: Locale;
    items: ProjectRow[];
    moreHref: string | null;
    filtered: boolean;
  },
) {
  return (
    <DataTable
      id="projects"
      label={t(l, "page.projects")}
      rows={items}
      columns={[
        {
          label: t(l, "projects.name"),
          cell: (p) => (
            <span class="pj-name-cell">
              <a href={`/projects/projects/${p.id}`}>{p.name}</a>
              {p.archived && <Badge>{t(l, "projects.archivedBadge")}</Badge>}
            </span>
          ),
        },
        { label: t(l, "projects.status"), cell: (p) => <ProjectStatusBadge l={l} s={p.status} /> },
        {
          label: t(l, "projects.progress"),
          cell: (p) => <Progress l={l} done={p.doneCount} total={p.taskCount} />,
        },
        { label: t(l, "projects.dueDate"), cell: (p) => <DateTime at={p.dueDate} dateOnly /> },
        {
          label: t(l, "projects.myRole"),
          cell: (p) => (p.myRole ? t(l, `projects.role.${p.myRole}`) : "—"),
          wide: true,
        },
      ]}
      empty={
        <EmptyState
          icon="folder-kanban"
          title={t(l, filtered ? "projects.noMatch" : "projects.empty")}
        />
      }
      more={moreHref ? { href: moreHref, label: t(l, "projects.more") } : undefined}
    />
  );
}

/** Under the project's title: status, description and its dates and progress. */
export function ProjectSummary({ l, p }: { l: Locale; p: ProjectRow }) {
  return (
    <span class="pj-summary">
      <span class="pj-facts">
        <ProjectStatusBadge l={l} s={p.status} />
        {p.archived && (
          <Badge tone="amber">
            <Icon name="archive" size={12} />
            {t(l, "projects.archivedBadge")}
          </Badge>
        )}
        <span class="pj-fact">
          <Icon name="calendar" size={14} />
          <span class="sr-only">{t(l, "projects.startDate")}</span>
          <DateTime at={p.startDate} dateOnly />
          <span aria-hidden="true">–</span>
          <span class="sr-only">{t(l, "projects.dueDate")}</span>
          <DateTime at={p.dueDate} dateOnly />
        </span>
        <span class="pj-fact">
          <Progress l={l} done={p.doneCount} total={p.taskCount} />
        </span>
      </span>
      {p.description && <span class="pj-description">{p.description}</span>}
    </span>
  );
}

/** The project page's own actions: edit (a dialog) and archive or unarchive. */
export function ProjectManageActions({ l, p }: { l: Locale; p: ProjectRow }) {
  const base = `/projects/projects/${p.id}`;
  return (
    <>
      {!p.archived && (
        <Dialog
          id="edit-project"
          title={t(l, "projects.edit")}
          trigger={t(l, "projects.edit")}
          icon="pencil"
          variant="secondary"
          closeLabel={t(l, "projects.close")}
        >
          <ProjectForm l={l} p={p} action={base} />
        </Dialog>
      )}
      <form method="post" action={`${base}/${p.archived ? "unarchive" : "archive"}`} class="inline">
        <Button type="submit" variant="secondary" icon={p.archived ? "archive-restore" : "archive"}>
          {p.archived ? t(l, "projects.unarchive") : t(l, "projects.archive")}
        </Button>
      </form>
    </>
  );
}
