/** The data sources pages' parts: the list, the create/edit dialog, schema browser, SQL result. */
import type { QueryResult } from "../query/query.types.schemas.ts";
import {
  Badge,
  Button,
  type Column,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  formatBytes,
  formatNumber,
  RelativeTime,
  type Tone,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { SchemaTree, Source } from "./sources.schemas.ts";
import { ENGINES } from "./sources.schemas.ts";

export const BASE = "/analytics/sources";

const TONES: Record<Source["status"], Tone> = {
  unknown: "gray",
  ok: "green",
  refused: "red",
  unreachable: "amber",
};

export function StatusBadge({ status }: { status: Source["status"] }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t(`analytics.sources.status.${status}`)}</Badge>;
}

function Size({ bytes }: { bytes: number | null }) {
  const { locale } = useReader();
  return bytes === null ? <span class="muted">—</span> : <>{formatBytes(locale, bytes)}</>;
}

export function SourcesTable({ rows, canWrite }: { rows: Source[]; canWrite: boolean }) {
  const t = useT();
  const columns: Column<Source>[] = [
    {
      label: t("analytics.sources.col.name"),
      cell: (s) => <a href={`${BASE}/${s.id}`}>{s.name}</a>,
    },
    {
      label: t("analytics.sources.col.engine"),
      cell: (s) => t(`analytics.sources.engine.${s.engine}`),
    },
    {
      label: t("analytics.sources.col.host"),
      cell: (s) => <span class="muted">{`${s.host}:${s.port} / ${s.database}`}</span>,
      wide: true,
    },
    {
      label: t("analytics.sources.col.status"),
      cell: (s) => <StatusBadge status={s.status} />,
    },
    { label: t("analytics.sources.col.version"), cell: (s) => s.serverVersion ?? "—", wide: true },
    {
      label: t("analytics.sources.col.size"),
      cell: (s) => <Size bytes={s.sizeBytes} />,
      numeric: true,
    },
    {
      label: t("analytics.sources.col.checked"),
      cell: (s) => <RelativeTime at={s.lastCheckedAt} />,
      wide: true,
    },
  ];
  return (
    <DataTable
      id="sources"
      label={t("page.dataSources")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="database" title={t("analytics.sources.empty")} />}
      actions={canWrite ? (s) => <SourceActions s={s} /> : undefined}
    />
  );
}

export function SourceActions({ s }: { s: Source }) {
  const t = useT();
  return (
    <>
      <form method="post" action={`${BASE}/${s.id}/test`}>
        <Button type="submit" variant="ghost" small icon="plug-zap">
          {t("analytics.sources.test")}
        </Button>
      </form>
      <SourceDialog value={s} />
      <form
        method="post"
        action={`${BASE}/${s.id}/delete`}
        hx-post={`${BASE}/${s.id}/delete`}
        hx-confirm={t("analytics.sources.deleteConfirm", { name: s.name })}
      >
        <Button type="submit" variant="ghost" small icon="trash-2">
          {t("analytics.sources.delete")}
        </Button>
      </form>
    </>
  );
}

/** Create or edit; the stored password is never put back in the form. */
export function SourceDialog({ value }: { value?: Source }) {
  const t = useT();
  return (
    <Dialog
      id={value ? `edit-source-${value.id}` : "new-source"}
      title={value
        ? t("analytics.sources.editNamed", { name: value.name })
        : t("analytics.sources.new")}
      trigger={value ? t("analytics.sources.edit") : t("analytics.sources.new")}
      triggerLabel={value ? t("analytics.sources.editNamed", { name: value.name }) : undefined}
      icon={value ? "pencil" : "plus"}
      iconOnly={!!value}
      closeLabel={t("analytics.sources.close")}
    >
      <form class="form" method="post" action={value ? `${BASE}/${value.id}` : BASE}>
        <Field label={t("analytics.sources.field.name")}>
          <input name="name" required maxLength={200} value={value?.name ?? ""} />
        </Field>
        {!value && (
          <Field label={t("analytics.sources.field.engine")}>
            <select name="engine">
              {ENGINES.map((e) => <option value={e}>{t(`analytics.sources.engine.${e}`)}</option>)}
            </select>
          </Field>
        )}
        <Field label={t("analytics.sources.field.host")}>
          <input
            name="host"
            required
            maxLength={253}
            value={value?.host ?? ""}
            autocomplete="off"
          />
        </Field>
        <Field label={t("analytics.sources.field.port")}>
          <input
            name="port"
            type="number"
            min={1}
            max={65535}
            required
            value={value?.port ?? 5432}
          />
        </Field>
        <Field label={t("analytics.sources.field.database")}>
          <input name="database" required maxLength={200} value={value?.database ?? ""} />
        </Field>
        <Field label={t("analytics.sources.field.username")}>
          <input
            name="username"
            required
            maxLength={200}
            value={value?.username ?? ""}
            autocomplete="off"
          />
        </Field>
        <Field
          label={value
            ? t("analytics.sources.field.passwordKeep")
            : t("analytics.sources.field.password")}
        >
          <input name="password" type="password" maxLength={1000} autocomplete="new-password" />
        </Field>
        <Field label={t("analytics.sources.field.timeout")}>
          <input
            name="statementTimeoutMs"
            type="number"
            min={100}
            max={60000}
            value={value?.options.statementTimeoutMs ?? 15000}
          />
        </Field>
        <Field label={t("analytics.sources.field.rowCap")}>
          <input
            name="rowCap"
            type="number"
            min={1}
            max={10000}
            value={value?.options.rowCap ?? 5000}
          />
        </Field>
        <label class="check">
          <input type="checkbox" name="ssl" value="1" checked={value?.options.ssl} />{" "}
          {t("analytics.sources.field.ssl")}
        </label>
        <button type="submit" class="btn btn-primary">{t("analytics.sources.save")}</button>
      </form>
    </Dialog>
  );
}

export function SchemaBrowser({ tree }: { tree: SchemaTree }) {
  const t = useT();
  const tables = tree.schemas.flatMap((s) => s.tables.map((tb) => ({ schema: s.name, ...tb })));
  if (!tables.length) return <EmptyState icon="table" title={t("analytics.sources.schemaEmpty")} />;
  return (
    <ul>
      {tables.map((tb) => (
        <li>
          <details>
            <summary>
              <strong>{tree.schemas.length > 1 ? `${tb.schema}.${tb.name}` : tb.name}</strong>{" "}
              <span class="muted">{t("analytics.sources.columns", { n: tb.columns.length })}</span>
            </summary>
            <ul>
              {tb.columns.map((c) => (
                <li>
                  {c.name} <span class="muted">{c.dataType}</span>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

function CellValue({ v, type }: { v: unknown; type: string }) {
  const t = useT();
  const { locale } = useReader();
  if (v === null || v === undefined) return <span class="muted">—</span>;
  if (v instanceof Date) return <DateTime at={v} dateOnly={type === "date"} />;
  if (typeof v === "boolean") return <>{t(v ? "analytics.sources.yes" : "analytics.sources.no")}</>;
  if (typeof v === "number") return <>{formatNumber(locale, v, Number.isInteger(v) ? 0 : 2)}</>;
  if (typeof v === "object") return <code>{JSON.stringify(v)}</code>;
  return <span>{String(v)}</span>;
}

type Row = Record<string, unknown>;

export function SqlResultTable({ result }: { result: QueryResult }) {
  const t = useT();
  const columns: Column<Row>[] = result.columns.map((col) => ({
    label: col.label,
    numeric: col.type === "number",
    cell: (r: Row) => <CellValue v={r[col.name]} type={col.type} />,
  }));
  return (
    <>
      <DataTable
        id="sql-result"
        label={t("analytics.sources.result")}
        columns={columns}
        rows={result.rows}
        empty={<EmptyState icon="search-x" title={t("analytics.sources.noRows")} />}
      />
      {result.truncated && (
        <p class="field-hint">{t("analytics.sources.truncated", { n: result.rows.length })}</p>
      )}
    </>
  );
}
