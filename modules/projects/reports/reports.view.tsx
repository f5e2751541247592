import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Chart } from "../../../ui/chart.tsx";
import { priorityLabel } from "../common/ui.view.tsx";

interface Progress {
  projectId: string;
  name: string;
  total: number;
  done: number;
  percent: number;
}
interface Bucket {
  key: string | null;
  label: string;
  count: number;
  open: number;
}
interface Workload {
  userId: string;
  name: string;
  email: string;
  open: number;
  overdue: number;
  estimate: number;
  done: number;
}

export function ProgressCharts(
  { l, items, burnUp }: {
    l: Locale;
    items: Progress[];
    burnUp: { day: string; total: number; done: number }[];
  },
) {
  if (!items.length) return <p class="muted">{t(l, "projects.noProjects")}</p>;
  return (
    <div class="cards">
      <section class="card" aria-labelledby="prog-h">
        <h2 id="prog-h">{t(l, "projects.progress")}</h2>
        <Chart
          label={t(l, "projects.progress")}
          option={{
            tooltip: {},
            legend: {},
            xAxis: { type: "category", data: items.map((i) => i.name) },
            yAxis: { type: "value" },
            series: [
              {
                name: t(l, "projects.done"),
                type: "bar",
                stack: "a",
                data: items.map((i) => i.done),
              },
              {
                name: t(l, "projects.open"),
                type: "bar",
                stack: "a",
                data: items.map((i) => i.total - i.done),
              },
            ],
          }}
        />
        <table>
          <thead>
            <tr>
              <th>{t(l, "projects.project")}</th>
              <th>{t(l, "projects.done")}</th>
              <th>{t(l, "projects.total")}</th>
              <th>%</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr>
                <td>
                  <a href={`/projects/projects/${i.projectId}`}>{i.name}</a>
                </td>
                <td>{i.done}</td>
                <td>{i.total}</td>
                <td>{i.percent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="card" aria-labelledby="burn-h">
        <h2 id="burn-h">{t(l, "projects.burnUp")}</h2>
        <Chart
          label={t(l, "projects.burnUp")}
          option={{
            tooltip: { trigger: "axis" },
            legend: {},
            xAxis: { type: "category", data: burnUp.map((d) => d.day) },
            yAxis: { type: "value" },
            series: [
              { name: t(l, "projects.total"), type: "line", data: burnUp.map((d) => d.total) },
              { name: t(l, "projects.done"), type: "line", data: burnUp.map((d) => d.done) },
            ],
          }}
        />
      </section>
    </div>
  );
}

function Pie({ l, title, buckets }: { l: Locale; title: string; buckets: Bucket[] }) {
  return (
    <section class="card">
      <h2>{title}</h2>
      {buckets.length === 0 ? <p class="muted">{t(l, "projects.noTasks")}</p> : (
        <Chart
          label={title}
          option={{
            tooltip: {},
            series: [{
              type: "pie",
              radius: "65%",
              data: buckets.map((b) => ({ name: b.label, value: b.count })),
            }],
          }}
        />
      )}
    </section>
  );
}

export function Distribution(
  { l, byStatus, byPriority, byAssignee }: {
    l: Locale;
    byStatus: Bucket[];
    byPriority: Bucket[];
    byAssignee: Bucket[];
  },
) {
  return (
    <div class="cards">
      <Pie l={l} title={t(l, "projects.byStatus")} buckets={byStatus} />
      <Pie
        l={l}
        title={t(l, "projects.byPriority")}
        buckets={byPriority.map((b) => ({ ...b, label: priorityLabel(l, b.label) }))}
      />
      <Pie
        l={l}
        title={t(l, "projects.byAssignee")}
        buckets={byAssignee.map((b) => ({ ...b, label: b.label || t(l, "projects.unassigned") }))}
      />
    </div>
  );
}

export function WorkloadTable({ l, items }: { l: Locale; items: Workload[] }) {
  return (
    <section class="card" aria-labelledby="work-h" id="workload">
      <h2 id="work-h">{t(l, "projects.workload")}</h2>
      {items.length === 0 ? <p class="muted">{t(l, "projects.noMembers")}</p> : (
        <>
          <Chart
            label={t(l, "projects.workload")}
            option={{
              tooltip: {},
              legend: {},
              xAxis: { type: "category", data: items.map((i) => i.name) },
              yAxis: { type: "value" },
              series: [
                { name: t(l, "projects.open"), type: "bar", data: items.map((i) => i.open) },
                { name: t(l, "projects.overdue"), type: "bar", data: items.map((i) => i.overdue) },
              ],
            }}
          />
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>{t(l, "projects.memberName")}</th>
                  <th>{t(l, "projects.open")}</th>
                  <th>{t(l, "projects.overdue")}</th>
                  <th>{t(l, "projects.estimateHours")}</th>
                  <th>{t(l, "projects.done")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr>
                    <td>{i.name}</td>
                    <td>{i.open}</td>
                    <td>{i.overdue}</td>
                    <td>{i.estimate}</td>
                    <td>{i.done}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
