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
  useT,
} from "../../../ui/kit.ts";
import type { ProjectRow } from "./projects.schemas.ts";
import { ProjectZoneField } from "../recurrence/recurrence.view.tsx";
import { NewFromTemplate, SaveTemplateDialog } from "../templates/templates.view.tsx";
import {
  type Flash,
  FlashForm,
  PROJECT_STATUS_VALUES,
  ProjectStatusBadge,
  projectStatusLabel,
} from "../common/ui.view.tsx";

/** Create (no `p`) or edit a project; answers with itself and its errors when htmx posts it. */
export function ProjectForm(
  { p, action, flash }: { p?: ProjectRow; action: string; flash?: Flash },
) {
  const t = useT();
  const id = p ? "p-edit" : "p-new";
  return (
    <FlashForm id={`${id}-form`} class="form-grid pj-form" action={action} flash={flash}>
      <Field label={t("projects.name")} wide>
        <input id={`${id}-name`} name="name" required maxLength={200} value={p?.name ?? ""} />
      </Field>
      <Field label={t("projects.description")} wide>
        <textarea id={`${id}-desc`} name="description" rows={3}>{p?.description ?? ""}</textarea>
      </Field>
      <Field label={t("projects.status")}>
        <select id={`${id}-status`} name="status">
          {PROJECT_STATUS_VALUES.map((s) => (
            <option value={s} selected={(p?.status ?? "planlamada") === s}>
              {projectStatusLabel(t, s)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("projects.startDate")}>
        <input id={`${id}-start`} type="date" name="startDate" value={p?.startDate ?? ""} />
      </Field>
      <Field label={t("projects.dueDate")}>
        <input id={`${id}-due`} type="date" name="dueDate" value={p?.dueDate ?? ""} />
      </Field>
      {p && <ProjectZoneField id={id} zone={p.timeZone} />}
      <div class="form-actions field-wide">
        <Button type="submit" icon={p ? "save" : "plus"}>
          {p ? t("projects.save") : t("projects.create")}
        </Button>
      </div>
    </FlashForm>
  );
}

/** The "new project" dialog of the list page (and, with templates, "new from template"). */
export function NewProjectDialog(
  { templates = [], today = "" }: { templates?: { id: string; name: string }[]; today?: string },
) {
  const t = useT();
  return (
    <Dialog
      id="new-project"
      title={t("projects.new")}
      trigger={t("projects.new")}
      icon="plus"
      closeLabel={t("projects.close")}
    >
      <ProjectForm action="/projects/projects" />
      <NewFromTemplate templates={templates} today={today} />
    </Dialog>
  );
}

export function ProjectFilters(
  { query }: { query: { status?: string; archived?: string; q?: string } },
) {
  const t = useT();
  return (
    <Filters
      action="/projects/projects"
      target="#projects"
      label={t("projects.filters")}
      submitLabel={t("projects.filter")}
    >
      <Field label={t("projects.search")}>
        <input id="pf-q" type="search" name="q" value={query.q ?? ""} />
      </Field>
      <Field label={t("projects.status")}>
        <select id="pf-status" name="status">
          <option value="">{t("projects.any")}</option>
          {PROJECT_STATUS_VALUES.map((s) => (
            <option value={s} selected={query.status === s}>{projectStatusLabel(t, s)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("projects.archived")}>
        <select id="pf-archived" name="archived">
          <option value="false" selected={query.archived !== "true" && query.archived !== "all"}>
            {t("projects.activeOnly")}
          </option>
          <option value="true" selected={query.archived === "true"}>
            {t("projects.archivedOnly")}
          </option>
          <option value="all" selected={query.archived === "all"}>{t("projects.all")}</option>
        </select>
      </Field>
    </Filters>
  );
}

/** Done of total as a bar and in words ("3 of 5"). */
export function Progress({ done, total }: { done: number; total: number }) {
  const t = useT();
  const text = t("projects.doneOf", { done, total });
  return (
    <span class="pj-progress-cell">
      <progress max={Math.max(total, 1)} value={done} aria-label={text}>{text}</progress>
      <span class="muted">{text}</span>
    </span>
  );
}

export function ProjectsTable(
  { items, moreHref, filtered }: {
    items: ProjectRow[];
    moreHref: string | null;
    filtered: boolean;
  },
) {
  const t = useT();
  return (
    <DataTable
      id="projects"
      label={t("page.projects")}
      rows={items}
      columns={[
        {
          label: t("projects.name"),
          cell: (p) => (
            <span class="pj-name-cell">
              <a href={`/projects/projects/${p.id}`}>{p.name}</a>
              {p.archived && <Badge>{t("projects.archivedBadge")}</Badge>}
            </span>
          ),
        },
        { label: t("projects.status"), cell: (p) => <ProjectStatusBadge s={p.status} /> },
        {
          label: t("projects.progress"),
          cell: (p) => <Progress done={p.doneCount} total={p.taskCount} />,
        },
        { label: t("projects.dueDate"), cell: (p) => <DateTime at={p.dueDate} dateOnly /> },
        {
          label: t("projects.myRole"),
          cell: (p) => (p.myRole ? t(`projects.role.${p.myRole}`) : "—"),
          wide: true,
        },
      ]}
      empty={
        <EmptyState
          icon="folder-kanban"
          title={t(filtered ? "projects.noMatch" : "projects.empty")}
        />
      }
      more={moreHref ? { href: moreHref, label: t("projects.more") } : undefined}
    />
  );
}

/** Under the project's title: status, description and its dates and progress. */
export function ProjectSummary({ p }: { p: ProjectRow }) {
  const t = useT();
  return (
    <span class="pj-summary">
      <span class="pj-facts">
        <ProjectStatusBadge s={p.status} />
        {p.archived && (
          <Badge tone="amber">
            <Icon name="archive" size={12} />
            {t("projects.archivedBadge")}
          </Badge>
        )}
        <span class="pj-fact">
          <Icon name="calendar" size={14} />
          <span class="sr-only">{t("projects.startDate")}</span>
          <DateTime at={p.startDate} dateOnly />
          <span aria-hidden="true">–</span>
          <span class="sr-only">{t("projects.dueDate")}</span>
          <DateTime at={p.dueDate} dateOnly />
        </span>
        <span class="pj-fact">
          <Progress done={p.doneCount} total={p.taskCount} />
        </span>
      </span>
      {p.description && <span class="pj-description">{p.description}</span>}
    </span>
  );
}

/** The project page's own actions: edit (a dialog) and archive or unarchive. */
export function ProjectManageActions({ p }: { p: ProjectRow }) {
  const t = useT();
  const base = `/projects/projects/${p.id}`;
  return (
    <>
      <SaveTemplateDialog projectId={p.id} name={p.name} />
      {!p.archived && (
        <Dialog
          id="edit-project"
          title={t("projects.edit")}
          trigger={t("projects.edit")}
          icon="pencil"
          variant="secondary"
          closeLabel={t("projects.close")}
        >
          <ProjectForm p={p} action={base} />
        </Dialog>
      )}
      <form method="post" action={`${base}/${p.archived ? "unarchive" : "archive"}`} class="inline">
        <Button type="submit" variant="secondary" icon={p.archived ? "archive-restore" : "archive"}>
          {p.archived ? t("projects.unarchive") : t("projects.archive")}
        </Button>
      </form>
    </>
  );
}
