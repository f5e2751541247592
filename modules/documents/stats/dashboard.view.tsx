import type { VNode } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Button,
  Card,
  ChartCard,
  DataTable,
  EmptyState,
  formatBytes,
  formatNumber,
  Grid,
  Icon,
  Kpi,
} from "../../../ui/kit.ts";
import { type FileKind, fileKind, KIND_ICONS } from "../files/content-types.lib.ts";
import { kindLabel } from "../common/common.view.tsx";

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
    largest: {
      id: string;
      name: string;
      size: number;
      contentType: string;
      folderId: string | null;
      folder: string;
    }[];
  };
  /** The latest lines of the activity log the reader may see, as a timeline. */
  recent: VNode;
  /** What the reader may open: the trash and the settings behind their KPIs. */
  may: { trash: boolean; settings: boolean; activity: boolean };
}

/** The unit a set of byte counts reads best in (the largest one's), for chart axes. */
function byteUnit(max: number): { unit: string; size: number } {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (max >= 1024 && i < units.length - 1) (max /= 1024), i++;
  return { unit: units[i], size: 1024 ** i };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The figures behind a chart, as a small table: three short columns fit a phone, so it stays
 * a table rather than a stacked list.
 */
function Figures(
  { l, label, first, rows }: {
    l: Locale;
    label: string;
    first: string;
    rows: { name: string; files: number; bytes: number }[];
  },
) {
  return (
    <div class="table-wrap docs-figures">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" class="num">{t(l, "page.files")}</th>
            <th scope="col" class="num">{t(l, "documents.size")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr>
              <td>{r.name}</td>
              <td class="num">{formatNumber(l, r.files)}</td>
              <td class="num">{formatBytes(l, r.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ByType({ l, byType }: { l: Locale; byType: DashboardProps["stats"]["byType"] }) {
  const title = t(l, "documents.byType");
  if (byType.length === 0) {
    return (
      <Card title={title}>
        <EmptyState icon="pie-chart" title={t(l, "documents.noFiles")} />
      </Card>
    );
  }
  const label = (type: string) => kindLabel(l, type as FileKind);
  return (
    <ChartCard
      title={title}
      height={260}
      option={{
        tooltip: { trigger: "item", formatter: "{b}: {d}%" },
        // The labels and the table below name the slices.
        legend: false,
        series: [{
          type: "pie",
          data: byType.map((b) => ({ name: label(b.type), value: b.bytes })),
        }],
      }}
    >
      <Figures
        l={l}
        label={title}
        first={t(l, "documents.type")}
        rows={byType.map((b) => ({ name: label(b.type), files: b.files, bytes: b.bytes }))}
      />
    </ChartCard>
  );
}

function PerUser({ l, perUser }: { l: Locale; perUser: DashboardProps["stats"]["perUser"] }) {
  const title = t(l, "documents.perUser");
  if (perUser.length === 0) {
    return (
      <Card title={title}>
        <EmptyState icon="users" title={t(l, "documents.noFiles")} />
      </Card>
    );
  }
  const top = perUser.slice(0, 8);
  const { unit, size } = byteUnit(Math.max(...top.map((u) => u.bytes)));
  const name = (u: (typeof top)[number]) => u.userId ? u.name : t(l, "documents.unknownOwner");
  return (
    <ChartCard
      title={title}
      height={260}
      option={{
        xAxis: { type: "category", data: top.map(name) },
        yAxis: { type: "value", name: unit },
        legend: false,
        series: [{
          type: "bar",
          name: unit,
          barMaxWidth: 48,
          data: top.map((u) => round(u.bytes / size)),
        }],
      }}
    >
      <Figures
        l={l}
        label={title}
        first={t(l, "documents.owner")}
        rows={top.map((u) => ({ name: name(u), files: u.files, bytes: u.bytes }))}
      />
    </ChartCard>
  );
}

/** The module's dashboard: storage figures, storage by type and per user, largest, recent. */
export function Dashboard({ l, stats: s, recent, may }: DashboardProps) {
  const pct = s.quotaBytes ? Math.min(100, Math.round((s.usedBytes / s.quotaBytes) * 100)) : 0;
  return (
    <>
      <Grid size="sm">
        <Kpi
          label={t(l, "documents.storage")}
          value={formatBytes(l, s.usedBytes)}
          hint={t(l, "documents.ofQuota", { quota: formatBytes(l, s.quotaBytes), pct })}
          icon="hard-drive"
          tone={pct >= 90 ? "red" : pct >= 75 ? "amber" : undefined}
          href={may.settings ? "/documents/settings" : undefined}
        />
        <Kpi
          label={t(l, "page.files")}
          value={formatNumber(l, s.files)}
          icon="files"
          href="/documents/files"
        />
        <Kpi
          label={t(l, "page.folders")}
          value={formatNumber(l, s.folders)}
          icon="folders"
          href="/documents/folders"
        />
        <Kpi
          label={t(l, "documents.inTrash")}
          value={formatNumber(l, s.trashed)}
          icon="trash-2"
          href={may.trash ? "/documents/trash" : undefined}
        />
        <Kpi
          label={t(l, "documents.versionsKept")}
          value={formatNumber(l, s.versions)}
          icon="history"
        />
      </Grid>
      <Grid size="lg">
        <ByType l={l} byType={s.byType} />
        <PerUser l={l} perUser={s.perUser} />
        <Card title={t(l, "documents.largest")} flush>
          <DataTable
            id="docs-largest"
            label={t(l, "documents.largest")}
            rows={s.largest}
            columns={[
              {
                label: t(l, "documents.name"),
                cell: (f) => (
                  <a class="docs-name" href={`/documents/files?file=${f.id}`}>
                    <Icon name={KIND_ICONS[fileKind(f.contentType)]} size={16} />
                    <span>{f.name}</span>
                  </a>
                ),
              },
              { label: t(l, "documents.folder"), cell: (f) => f.folder || t(l, "documents.root") },
              { label: t(l, "documents.size"), cell: (f) => formatBytes(l, f.size), numeric: true },
            ]}
            empty={<EmptyState icon="files" title={t(l, "documents.noFiles")} />}
          />
        </Card>
        <Card
          title={t(l, "documents.recent")}
          actions={may.activity && (
            <Button href="/documents/activity" variant="ghost" small icon="history">
              {t(l, "page.activityLog")}
            </Button>
          )}
        >
          {recent}
        </Card>
      </Grid>
    </>
  );
}
