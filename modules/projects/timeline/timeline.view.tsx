import {
  Badge,
  Card,
  EmptyState,
  Field,
  Filters,
  formatDate,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Timeline } from "./timeline.schemas.ts";
import type { GanttRow } from "./timeline.lib.ts";
import { DEPENDENCY_KINDS } from "./schedule.rules.ts";
import { GROUP_BYS, type GroupBy } from "./timeline.schemas.ts";

/** Most tasks the list beside the chart shows. */
const LIST_LIMIT = 500;

const GROUP_LABEL = {
  status: "projects.timeline.byStatus",
  assignee: "projects.timeline.byAssignee",
  milestone: "projects.timeline.byMilestone",
} as const;

/** Group, search and milestone filters of the timeline (a GET form: the URL keeps them). */
export function TimelineFilters(
  { action, groupBy, q, milestoneId, milestones }: {
    action: string;
    groupBy: GroupBy;
    q: string;
    milestoneId: string;
    milestones: { id: string; name: string }[];
  },
) {
  const t = useT();
  return (
    <Filters action={action} target="#timeline" label={t("projects.timeline.apply")}>
      <Field label={t("projects.timeline.groupBy")}>
        <select name="groupBy">
          {GROUP_BYS.map((g) => (
            <option value={g} selected={g === groupBy}>{t(GROUP_LABEL[g])}</option>
          ))}
        </select>
      </Field>
      <Field label={t("projects.milestone")}>
        <select name="milestoneId">
          <option value="">{t("projects.milestone.choose")}</option>
          {milestones.map((m) => (
            <option value={m.id} selected={m.id === milestoneId}>{m.name}</option>
          ))}
        </select>
      </Field>
      <Field label={t("projects.search")}>
        <input type="search" name="q" value={q} maxLength={200} />
      </Field>
    </Filters>
  );
}

/**
 * The chart (drawn by projects-timeline.js from the rows in a JSON block) and, beside it, the
 * same tasks as a table: the keyboard and screen-reader view, and the phone view.
 */
export function TimelineBody(
  { tl, rows, groupLabels, canWrite, limit }: {
    tl: Timeline;
    rows: GanttRow[];
    groupLabels: Map<string, string>;
    canWrite: boolean;
    limit: number;
  },
) {
  const t = useT();
  const { locale } = useReader();
  const unscheduled = tl.tasks.filter((x) => !x.start).length;
  const texts: Record<string, string> = {
    "data-saved": t("projects.timeline.saved", { task: "{task}", dates: "{dates}" }),
    "data-failed": t("projects.timeline.failed"),
    "data-refused": t("projects.timeline.refused", { detail: "{detail}" }),
    "data-outside": t("projects.timeline.outside", {
      from: formatDate(locale, tl.project.startDate),
      to: formatDate(locale, tl.project.dueDate),
    }),
    "data-day": t("projects.timeline.day"),
    "data-week": t("projects.timeline.week"),
    "data-month": t("projects.timeline.month"),
    "data-critical": t("projects.timeline.criticalYes"),
  };
  for (const k of DEPENDENCY_KINDS) {
    texts[`data-rule-${k}`] = t(`projects.timeline.rule.${k}`, {
      task: "{task}",
      blocker: "{blocker}",
      date: "{date}",
    });
  }
  const titles = new Map(tl.tasks.map((x) => [x.id, x.title]));
  const allDated = tl.tasks.filter((x) => x.start);
  // The list is for reading and the keyboard; a huge plan lists its first tasks only.
  const dated = allDated.slice(0, LIST_LIMIT);
  return (
    <div id="timeline" class="tl">
      {tl.truncated && (
        <Toast
          flash={{ kind: "error", text: t("projects.timeline.truncated", { count: limit }) }}
        />
      )}
      <Card>
        {rows.length === 0 ? <EmptyState title={t("projects.timeline.empty")} /> : (
          <>
            <div class="tl-toolbar">
              <div class="tl-zoom" role="group" aria-label={t("projects.timeline.zoom")}>
                {(["Day", "Week", "Month"] as const).map((mode) => (
                  <button
                    type="button"
                    class="btn btn-secondary btn-sm"
                    data-mode={mode}
                    aria-pressed={mode === "Week" ? "true" : "false"}
                  >
                    {t(`projects.timeline.${mode.toLowerCase() as "day"}`)}
                  </button>
                ))}
              </div>
              <p class="tl-legend muted">
                {canWrite ? t("projects.timeline.legend") : t("projects.timeline.readonly")}
              </p>
            </div>
            <div id="tl-message" aria-live="polite"></div>
            <div
              class="tl-chart"
              id="tl-chart"
              role="group"
              aria-label={t("projects.timeline.chart")}
              data-writable={canWrite ? "1" : "0"}
              data-lang={locale}
              {...texts}
            >
            </div>
            <script
              type="application/json"
              id="tl-rows"
              dangerouslySetInnerHTML={{ __html: JSON.stringify(rows).replace(/</g, "\\u003c") }}
            />
          </>
        )}
        {unscheduled > 0 && (
          <p class="muted tl-note">
            {t("projects.timeline.unscheduled", { count: unscheduled })}
          </p>
        )}
      </Card>
      {dated.length > 0 && (
        <Card title={t("projects.timeline.list")}>
          <div class="tl-list">
            {allDated.length > dated.length && (
              <p class="muted tl-note">
                {t("projects.timeline.listLimit", { count: LIST_LIMIT, total: allDated.length })}
              </p>
            )}
            {tl.groups.map((g) => {
              const list = dated.filter((x) => x.group === g.key);
              if (!list.length) return null;
              return (
                <section class="tl-list-group" aria-label={groupLabels.get(g.key)}>
                  <h3>{groupLabels.get(g.key)}</h3>
                  <ul>
                    {list.map((x) => (
                      <li class={x.critical ? "tl-row tl-row-critical" : "tl-row"} data-id={x.id}>
                        <a href={`/projects/tasks/${x.id}`}>{x.title}</a>
                        <span class="tl-dates">
                          {x.start === x.end
                            ? formatDate(locale, x.start)
                            : `${formatDate(locale, x.start)} – ${formatDate(locale, x.end)}`}
                        </span>
                        {x.critical && <Badge tone="red">{t("projects.timeline.critical")}</Badge>}
                        {x.dependencies.length > 0 && (
                          <span class="tl-deps muted">
                            {t("projects.timeline.dependsOn")}: {x.dependencies.map((d, i) => (
                              <>
                                {i > 0 && ", "}
                                {titles.get(d.blockerId) ?? "…"}{" "}
                                ({t(`projects.dependency.${d.kind}`)}
                                {d.lagDays !== 0 &&
                                  `, ${t("projects.dependency.lag", { days: d.lagDays })}`})
                              </>
                            ))}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        </Card>
      )}
    </div>
  );
}
