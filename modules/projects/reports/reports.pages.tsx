import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import {
  Button,
  Card,
  EmptyState,
  Field,
  Filters,
  formatNumber,
  Grid,
  Kpi,
  page,
} from "../../../ui/kit.ts";
import { TaskTable } from "../tasks/board.view.tsx";
import { Distribution, ProgressCharts, WorkloadCard } from "./reports.view.tsx";
import { Assets } from "../common/ui.view.tsx";
import { distributionReport, progressReport, workloadReport } from "./reports.service.ts";
import { listTasks } from "../tasks/tasks.service.ts";
import { listProjects } from "../projects/projects.service.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { reportFieldBlock } from "../fields/fields.pages.tsx";

const READ = requirePermission("projects.project.read");

/** A count from a page of at most `limit`: "100+" when there are more. */
const count = (l: string, list: { items: unknown[]; nextCursor: string | null }) =>
  list.nextCursor ? `${formatNumber(l, list.items.length)}+` : formatNumber(l, list.items.length);

const overviewPages = new Hono<AppEnv>()
  .get("/", READ, async (c) => {
    const l = c.var.locale;
    const mine = await listTasks(actorOf(c), {
      assigneeId: "me",
      done: "false",
      sort: "due",
      limit: 100,
    });
    const overdue = await listTasks(actorOf(c), { overdue: "true", sort: "due", limit: 100 });
    const progress = await progressReport(actorOf(c), { days: 30 });
    const open = progress.items.reduce((n, p) => n + p.total - p.done, 0);
    const active = progress.items.filter((p) => p.status === "aktif").length;
    return page(
      c,
      t(l, "page.dashboard"),
      (
        <>
          <Assets />
          <Grid size="sm">
            <Kpi
              label={t(l, "projects.myOpenTasks")}
              value={count(l, mine)}
              icon="user-check"
              href="/projects/tasks?assigneeId=me&done=false"
            />
            <Kpi
              label={t(l, "projects.overdue")}
              value={count(l, overdue)}
              icon="alarm-clock"
              tone={overdue.items.length ? "red" : undefined}
              href="/projects/tasks?overdue=true&sort=due"
            />
            <Kpi
              label={t(l, "projects.openTasks")}
              value={formatNumber(l, open)}
              icon="list-todo"
              href="/projects/tasks?done=false"
            />
            <Kpi
              label={t(l, "projects.activeProjects")}
              value={formatNumber(l, active)}
              icon="folder-kanban"
              href="/projects/projects?status=aktif"
            />
          </Grid>
          <Grid size="lg">
            <Card
              title={t(l, "projects.myTasks")}
              flush
              actions={
                <Button href="/projects/tasks?assigneeId=me&done=false" variant="ghost" small>
                  {t(l, "projects.allMyTasks")}
                </Button>
              }
            >
              <TaskTable
                id="my-tasks"
                tasks={mine.items.slice(0, 10)}
                showProject
                compact
                empty={<EmptyState icon="circle-check" title={t(l, "projects.noMyTasks")} />}
              />
            </Card>
            <Card
              title={t(l, "projects.overdue")}
              flush
              actions={
                <Button href="/projects/tasks?overdue=true&sort=due" variant="ghost" small>
                  {t(l, "projects.allOverdue")}
                </Button>
              }
            >
              <TaskTable
                id="overdue-tasks"
                tasks={overdue.items.slice(0, 10)}
                showProject
                compact
                empty={<EmptyState icon="circle-check" title={t(l, "projects.noOverdue")} />}
              />
            </Card>
          </Grid>
          <ProgressCharts items={progress.items} burnUp={progress.burnUp} />
        </>
      ),
    );
  })
  .get("/reports", requirePermission("projects.report.read"), async (c) => {
    const l = c.var.locale;
    const raw = c.req.query("projectId") ?? "";
    const projectId = isUuid(raw) ? raw : undefined;
    const q = { projectId, days: 30 };
    const progress = await progressReport(actorOf(c), q);
    const dist = await distributionReport(actorOf(c), q);
    const work = await workloadReport(actorOf(c), q);
    const projects = await listProjects(actorOf(c), { archived: "false", limit: 100 });
    const csv = (kind: string) =>
      `/api/projects/reports/${kind}?format=csv${projectId ? `&projectId=${projectId}` : ""}`;
    return page(
      c,
      t(l, "page.reports"),
      (
        <>
          <Assets />
          <Filters
            action="/projects/reports"
            target="#report"
            label={t(l, "projects.filters")}
            submitLabel={t(l, "projects.filter")}
          >
            <Field label={t(l, "projects.project")}>
              <select id="rp-project" name="projectId">
                <option value="">{t(l, "projects.allProjects")}</option>
                {projects.items.map((p) => (
                  <option value={p.id} selected={p.id === projectId}>{p.name}</option>
                ))}
              </select>
            </Field>
          </Filters>
          <div id="report">
            <div class="toolbar pj-downloads">
              <Button href={csv("progress")} variant="secondary" small icon="download">
                {t(l, "projects.csvProgress")}
              </Button>
              <Button href={csv("distribution")} variant="secondary" small icon="download">
                {t(l, "projects.csvDistribution")}
              </Button>
              <Button href={csv("workload")} variant="secondary" small icon="download">
                {t(l, "projects.csvWorkload")}
              </Button>
            </div>
            <ProgressCharts items={progress.items} burnUp={progress.burnUp} />
            <Distribution {...dist} />
            {projectId && await reportFieldBlock(c, { projectId, fieldId: c.req.query("fieldId") })}
            <WorkloadCard items={work.items} />
          </div>
        </>
      ),
    );
  });

/** The dashboard and the reports, at the module's root. */
export function mountOverviewPages(app: Hono<AppEnv>) {
  app.route("/", overviewPages);
}
