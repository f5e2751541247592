import type { VNode } from "preact";
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
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { type FileKind, fileKind, KIND_ICONS } from "../files/content-types.lib.ts";
import { kindLabel } from "../common/common.view.tsx";

export interface DashboardProps {
  stats: {
    usedBytes: number;
    quotaBytes: number;
    files: number;
    folders: number;
    trashed: number;
    versions: number;
    perUser: { userId: string | null; name: string; bytes: number; files: number }[];
    byType: { type: FileKind; files: number; bytes: number }[];
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
  { label, first, rows }: {
    label: string;
    first: string;
    rows: { name: string; files: number; bytes: number }[];
  },
) {
  const t = useT();
  const { locale } = useReader();
  return (
    <div class="table-wrap docs-figures">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" class="num">{t("page.files")}</th>
            <th scope="col" class="num">{t("documents.size")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr>
              <td>{r.name}</td>
              <td class="num">{formatNumber(locale, r.files)}</td>
              <td class="num">{formatBytes(locale, r.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ByType({ byType }: { byType: DashboardProps["stats"]["byType"] }) {
  const t = useT();
  const title = t("documents.byType");
  if (byType.length === 0) {
    return (
      <Card title={title}>
        <EmptyState icon="pie-chart" title={t("documents.noFiles")} />
      </Card>
    );
  }
  const label = (type: FileKind) => kindLabel(t, type);
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
        label={title}
        first={t("documents.type")}
        rows={byType.map((b) => ({ name: label(b.type), files: b.files, bytes: b.bytes }))}
      />
    </ChartCard>
  );
}

function PerUser({ perUser }: { perUser: DashboardProps["stats"]["perUser"] }) {
  const t = useT();
  const title = t("documents.perUser");
  if (perUser.length === 0) {
    return (
      <Card title={title}>
        <EmptyState icon="users" title={t("documents.noFiles")} />
      </Card>
    );
  }
  const top = perUser.slice(0, 8);
  const { unit, size } = byteUnit(Math.max(...top.map((u) => u.bytes)));
  const name = (u: (typeof top)[number]) => u.userId ? u.name : t("documents.unknownOwner");
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
        label={title}
        first={t("documents.owner")}
        rows={top.map((u) => ({ name: name(u), files: u.files, bytes: u.bytes }))}
      />
    </ChartCard>
  );
}

/** The module's dashboard: storage figures, storage by type and per user, largest, recent. */
export function Dashboard({ stats: s, recent, may }: DashboardProps) {
  const t = useT();
  const { locale } = useReader();
  const pct = s.quotaBytes ? Math.min(100, Math.round((s.usedBytes / s.quotaBytes) * 100)) : 0;
  return (
    <>
      <Grid size="sm">
        <Kpi
          label={t("documents.storage")}
          value={formatBytes(locale, s.usedBytes)}
          hint={t("documents.ofQuota", { quota: formatBytes(locale, s.quotaBytes), pct })}
          icon="hard-drive"
          tone={pct >= 90 ? "red" : pct >= 75 ? "amber" : undefined}
          href={may.settings ? "/documents/settings" : undefined}
        />
        <Kpi
          label={t("page.files")}
          value={formatNumber(locale, s.files)}
          icon="files"
          href="/documents/files"
        />
        <Kpi
          label={t("page.folders")}
          value={formatNumber(locale, s.folders)}
          icon="folders"
          href="/documents/folders"
        />
        <Kpi
          label={t("documents.inTrash")}
          value={formatNumber(locale, s.trashed)}
          icon="trash-2"
          href={may.trash ? "/documents/trash" : undefined}
        />
        <Kpi
          label={t("documents.versionsKept")}
          value={formatNumber(locale, s.versions)}
          icon="history"
        />
      </Grid>
      <Grid size="lg">
        <ByType byType={s.byType} />
        <PerUser perUser={s.perUser} />
        <Card title={t("documents.largest")} flush>
          <DataTable
            id="docs-largest"
            label={t("documents.largest")}
            rows={s.largest}
            columns={[
              {
                label: t("documents.name"),
                cell: (f) => (
                  <a class="docs-name" href={`/documents/files?file=${f.id}`}>
                    <Icon name={KIND_ICONS[fileKind(f.contentType)]} size={16} />
                    <span>{f.name}</span>
                  </a>
                ),
              },
              { label: t("documents.folder"), cell: (f) => f.folder || t("documents.root") },
              {
                label: t("documents.size"),
                cell: (f) => formatBytes(locale, f.size),
                numeric: true,
              },
            ]}
            empty={<EmptyState icon="files" title={t("documents.noFiles")} />}
          />
        </Card>
        <Card
          title={t("documents.recent")}
          actions={may.activity && (
            <Button href="/documents/activity" variant="ghost" small icon="history">
              {t("page.activityLog")}
            </Button>
          )}
        >
          {recent}
        </Card>
      </Grid>
    </>
  );
}
