/** Data query pages: the list, and a run's result as a table (values as people read them). */
import {
  Badge,
  Button,
  type Column,
  DataTable,
  DateTime,
  EmptyState,
  formatNumber,
  RelativeTime,
  type Translate,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { QueryResult, QuerySource } from "./queries.types.lib.ts";
import type { ResultColumn } from "./queries.types.lib.ts";
import type { DataQuery } from "./queries.schemas.ts";

export const ADMIN = "/workflow/admin/data-queries";

export function sourceLabel(t: Translate, q: { source: QuerySource; modelName?: string | null }) {
  return q.source === "records" && q.modelName
    ? t("workflow.queries.recordsOf", { name: q.modelName })
    : t(`workflow.queries.source.${q.source}`);
}

export function QueriesTable(
  { rows, canWrite }: { rows: DataQuery[]; canWrite: boolean },
) {
  const t = useT();
  const columns: Column<DataQuery>[] = [
    {
      label: t("workflow.queries.col.name"),
      cell: (q) => canWrite ? <a href={`${ADMIN}/${q.key}`}>{q.name}</a> : q.name,
    },
    {
      label: t("workflow.queries.col.source"),
      cell: (q) => <Badge tone="teal">{sourceLabel(t, q)}</Badge>,
    },
    {
      label: t("workflow.queries.col.params"),
      cell: (q) =>
        q.params.length
          ? q.params.map((p) => p.label).join(", ")
          : <span class="muted">{t("workflow.queries.none")}</span>,
      wide: true,
    },
    { label: t("workflow.queries.col.description"), cell: (q) => q.description, wide: true },
    {
      label: t("workflow.queries.col.updated"),
      cell: (q) => <RelativeTime at={q.updatedAt} />,
      wide: true,
    },
  ];
  return (
    <DataTable
      id="data-queries"
      label={t("workflow.queries.title")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="database" title={t("workflow.queries.empty")} />}
      actions={canWrite
        ? (q) => (
          <form
            method="post"
            action={`${ADMIN}/${q.key}/delete`}
            hx-post={`${ADMIN}/${q.key}/delete`}
            hx-confirm={t("workflow.queries.deleteConfirm", { name: q.name })}
          >
            <Button
              type="submit"
              variant="ghost"
              small
              icon="trash-2"
              aria-label={t("workflow.queries.deleteNamed", { name: q.name })}
            >
              {t("workflow.queries.delete")}
            </Button>
          </form>
        )
        : undefined}
      actionsLabel={t("workflow.queries.actions")}
    />
  );
}

type Row = Record<string, unknown>;

function Cell(
  { col, v, names }: { col: ResultColumn; v: unknown; names: Map<string, string> },
) {
  const t = useT();
  const { locale } = useReader();
  if (v === null || v === undefined || v === "") return <span class="muted">—</span>;
  switch (col.type) {
    case "number":
      return <>{formatNumber(locale, Number(v), 2)}</>;
    case "boolean":
      return <>{t(v ? "workflow.queries.yes" : "workflow.queries.no")}</>;
    case "date":
      return <DateTime at={String(v)} dateOnly />;
    case "datetime":
      return <DateTime at={String(v)} />;
    case "user":
      return <>{names.get(String(v)) ?? t("workflow.queries.unknownPerson")}</>;
    case "enum":
      return <>{col.values?.find((x) => x.value === v)?.label ?? String(v)}</>;
    default:
      return <>{String(v)}</>;
  }
}

/** A run's rows; a note when the row cap cut them. */
export function ResultTable(
  { result, names }: {
    result: QueryResult & { columns: ResultColumn[] };
    names: Map<string, string>;
  },
) {
  const t = useT();
  const columns: Column<Row>[] = result.columns.map((col) => ({
    label: col.label,
    numeric: col.type === "number",
    cell: (r: Row) => <Cell col={col} v={r[col.name]} names={names} />,
  }));
  return (
    <>
      <DataTable
        id="query-result"
        label={t("workflow.queries.result")}
        columns={columns}
        rows={result.rows}
        empty={<EmptyState icon="search-x" title={t("workflow.queries.noRows")} />}
      />
      {result.truncated && (
        <p class="field-hint">{t("workflow.queries.truncated", { n: result.rows.length })}</p>
      )}
    </>
  );
}
