import {
  Button,
  Card,
  EmptyState,
  Field,
  formatDate,
  formatNumber,
  SubmitRow,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../ui/kit.ts";
import type { Milestone } from "./milestones.schemas.ts";

/** Name, date and description of a milestone (new when `m` is absent). */
function MilestoneFields({ m, prefix }: { m?: Milestone; prefix: string }) {
  const t = useT();
  return (
    <>
      <Field label={t("projects.milestone.name")}>
        <input id={`${prefix}-name`} name="name" required maxLength={200} value={m?.name ?? ""} />
      </Field>
      <Field label={t("projects.milestone.date")}>
        <input id={`${prefix}-date`} name="date" type="date" required value={m?.date ?? ""} />
      </Field>
      <Field label={t("projects.milestone.description")} wide>
        <textarea name="description" rows={2} maxLength={5000}>{m?.description ?? ""}</textarea>
      </Field>
    </>
  );
}

/** A progress bar with its figures in words. */
function ProgressBar({ m }: { m: Milestone }) {
  const t = useT();
  const { locale } = useReader();
  const p = m.progress;
  return (
    <div class="ms-progress">
      <progress max={100} value={p.percent} aria-label={t("projects.milestone.progress")}>
        {p.percent}%
      </progress>
      <span class="ms-figures">
        <strong>{p.percent}%</strong>{" "}
        {t("projects.milestone.tasks", { done: p.done, total: p.total })}
        {p.estimateHours > 0 && (
          <>
            {" · "}
            {t("projects.milestone.hours", {
              done: formatNumber(locale, p.doneHours, 1),
              total: formatNumber(locale, p.estimateHours, 1),
            })} ({p.percentByEstimate}%)
          </>
        )}
      </span>
    </div>
  );
}

/** The project's milestones by date with progress; managers add, change and delete them. */
export function MilestonesPanel(
  { projectId, items, canManage, flash }: {
    projectId: string;
    items: Milestone[];
    canManage: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale } = useReader();
  const base = `/projects/projects/${projectId}/milestones`;
  return (
    <div id="milestones" class="ms">
      {flash && <Toast flash={flash} />}
      <Card title={t("projects.view.milestones")}>
        {items.length === 0
          ? (
            <EmptyState icon="flag" title={t("projects.milestone.none")}>
              {t("projects.milestone.noneHint")}
            </EmptyState>
          )
          : (
            <ul class="ms-list">
              {items.map((m) => (
                <li class="ms-item" data-id={m.id}>
                  <div class="ms-head">
                    <h3>{m.name}</h3>
                    <span class="ms-date">{formatDate(locale, m.date)}</span>
                  </div>
                  {m.description && <p class="ms-desc">{m.description}</p>}
                  <ProgressBar m={m} />
                  <a
                    class="ms-tasks"
                    href={`/projects/projects/${projectId}/timeline?groupBy=milestone&milestoneId=${m.id}`}
                  >
                    {t("projects.milestone.showTasks")}
                  </a>
                  {canManage && (
                    <details class="ms-edit">
                      <summary>{t("projects.milestone.edit")}</summary>
                      <form method="post" action={`${base}/${m.id}`} class="form-grid">
                        <MilestoneFields m={m} prefix={`ms-${m.id}`} />
                        <SubmitRow>{t("projects.milestone.save")}</SubmitRow>
                      </form>
                      <form
                        method="post"
                        action={`${base}/${m.id}/delete`}
                        hx-post={`${base}/${m.id}/delete`}
                        hx-confirm={t("projects.milestone.deleteConfirm")}
                      >
                        <Button type="submit" variant="danger" icon="trash-2">
                          {t("projects.milestone.delete")}
                        </Button>
                      </form>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
      </Card>
      {canManage && (
        <Card title={t("projects.milestone.new")}>
          <form method="post" action={base} class="form-grid" id="ms-new">
            <MilestoneFields prefix="ms-new" />
            <SubmitRow icon="plus">{t("projects.milestone.add")}</SubmitRow>
          </form>
        </Card>
      )}
    </div>
  );
}

/** The task page's card: its milestone (date, progress) and, for writers, a picker. */
export function TaskMilestoneCard(
  { taskId, milestones, current, canWrite }: {
    taskId: string;
    milestones: Milestone[];
    current?: Milestone;
    canWrite: boolean;
  },
) {
  const t = useT();
  const { locale } = useReader();
  return (
    <Card title={t("projects.milestone")} id="task-milestone">
      {current
        ? (
          <p class="ms-task-line">
            <a href={`/projects/projects/${current.projectId}/milestones`}>{current.name}</a>{" "}
            <span class="muted">
              ({formatDate(locale, current.date)} · {current.progress.percent}%)
            </span>
          </p>
        )
        : <p class="muted ms-task-line">{t("projects.milestone.choose")}</p>}
      {canWrite && (
        <form method="post" action={`/projects/tasks/${taskId}/milestone`} class="ms-pick">
          <Field label={t("projects.milestone")}>
            <select name="milestoneId" id="task-milestone-pick">
              <option value="">{t("projects.milestone.choose")}</option>
              {milestones.map((m) => (
                <option value={m.id} selected={m.id === current?.id}>
                  {m.name} ({formatDate(locale, m.date)})
                </option>
              ))}
            </select>
          </Field>
          <SubmitRow>{t("projects.milestone.save")}</SubmitRow>
        </form>
      )}
    </Card>
  );
}
