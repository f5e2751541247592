import type { ActivityEntry } from "../../../platform/activity/public.ts";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Chart } from "../../../ui/chart.tsx";
import { ActivityItems } from "../../../platform/activity/public.ts";
import { formatBytes } from "../common/common.view.tsx";

export interface DashboardProps {
  l: Locale;
  stats: {
    usedBytes: number;
    quotaBytes: number;
    files: number;
    folders: number;
    trashed: number;
    versions: number;
    perUser: { userId: string | null; name: string; bytes: number; files: number }[];
    byType: { type: string; files: number; bytes: number }[];
    largest: { id: string; name: string; size: number; folderId: string | null }[];
    recentActivity: ActivityEntry[];
  };
}

export function Dashboard({ l, stats: s }: DashboardProps) {
  const pct = s.quotaBytes ? Math.min(100, Math.round((s.usedBytes / s.quotaBytes) * 100)) : 0;
  return (
    <div class="docs-dashboard">
      <div class="cards">
        <div class="card">
          <h2>{t(l, "documents.storage")}</h2>
          <p>
            {formatBytes(s.usedBytes)} / {formatBytes(s.quotaBytes)}
          </p>
          <progress max="100" value={String(pct)} aria-label={t(l, "documents.storage")}>
            {pct}%
          </progress>
        </div>
        <div class="card">
          <h2>{t(l, "page.files")}</h2>
          <p>{s.files}</p>
        </div>
        <div class="card">
          <h2>{t(l, "page.folders")}</h2>
          <p>{s.folders}</p>
        </div>
        <div class="card">
          <h2>{t(l, "page.trash")}</h2>
          <p>{s.trashed}</p>
        </div>
      </div>
      <section class="card">
        <h2>{t(l, "documents.byType")}</h2>
        {s.byType.length === 0 ? <p class="muted">{t(l, "documents.noFiles")}</p> : (
          <>
            <Chart
              label={t(l, "documents.byType")}
              option={{
                tooltip: { trigger: "item" },
                series: [{
                  type: "pie",
                  radius: ["40%", "70%"],
                  data: s.byType.map((b) => ({ name: b.type, value: b.bytes })),
                }],
              }}
            />
            <table>
              <thead>
                <tr>
                  <th>{t(l, "documents.type")}</th>
                  <th>{t(l, "page.files")}</th>
                  <th>{t(l, "documents.size")}</th>
                </tr>
              </thead>
              <tbody>
                {s.byType.map((b) => (
                  <tr>
                    <td>{b.type}</td>
                    <td>{b.files}</td>
                    <td>{formatBytes(b.bytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section class="card">
        <h2>{t(l, "documents.perUser")}</h2>
        <table>
          <tbody>
            {s.perUser.map((u) => (
              <tr>
                <td>{u.name}</td>
                <td>{u.files}</td>
                <td>{formatBytes(u.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="card">
        <h2>{t(l, "documents.largest")}</h2>
        <ol>
          {s.largest.map((f) => (
            <li>
              <a href={`/documents/files?file=${f.id}${f.folderId ? `&folder=${f.folderId}` : ""}`}>
                {f.name}
              </a>{" "}
              {formatBytes(f.size)}
            </li>
          ))}
        </ol>
      </section>
      <section class="card">
        <h2>{t(l, "documents.recent")}</h2>
        {s.recentActivity.length === 0
          ? <p class="muted">{t(l, "documents.noActivity")}</p>
          : <ActivityItems l={l} items={s.recentActivity} nextCursor={null} />}
        <p>
          <a href="/documents/activity">{t(l, "page.activityLog")}</a>
        </p>
      </section>
    </div>
  );
}
