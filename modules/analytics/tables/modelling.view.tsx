/** The data modelling page: tables (new by hand, upload) and relations between sources. */
import {
  Button,
  type Column as TableColumn,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  RelativeTime,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import type { DatasetInfo } from "../query/query.types.schemas.ts";
import type { Relation, RelSource } from "./relations.schemas.ts";
import { COLUMN_TYPES, type Table } from "./tables.schemas.ts";

export const BASE = "/analytics/modelling";
const NEW_COLUMN_SLOTS = 6;

export function TablesList({ tables, canWrite }: { tables: Table[]; canWrite: boolean }) {
  const t = useT();
  const columns: TableColumn<Table>[] = [
    {
      label: t("analytics.tables.col.name"),
      cell: (x) => <a href={`${BASE}/tables/${x.id}`}>{x.name}</a>,
    },
    { label: t("analytics.tables.col.columns"), cell: (x) => x.columns.length, numeric: true },
    { label: t("analytics.tables.col.rows"), cell: (x) => x.rowCount, numeric: true },
    {
      label: t("analytics.tables.col.updated"),
      cell: (x) => <RelativeTime at={x.updatedAt} />,
      wide: true,
    },
  ];
  return (
    <DataTable
      id="analytics-tables"
      label={t("analytics.tables.title")}
      columns={columns}
      rows={tables}
      empty={<EmptyState icon="table" title={t("analytics.tables.empty")} />}
      actions={canWrite
        ? (x) => (
          <form
            method="post"
            action={`${BASE}/tables/${x.id}/delete`}
            hx-post={`${BASE}/tables/${x.id}/delete`}
            hx-target="#modelling-result"
            hx-confirm={t("analytics.tables.deleteConfirm", { name: x.name })}
          >
            <Button type="submit" variant="ghost" small icon="trash-2">
              {t("analytics.tables.delete")}
            </Button>
          </form>
        )
        : undefined}
    />
  );
}

export function TypeSelect(
  { name, label, value }: { name: string; label: string; value?: string },
) {
  const t = useT();
  return (
    <Field label={label}>
      <select name={name}>
        {COLUMN_TYPES.map((ty) => (
          <option value={ty} selected={value === ty}>{t(`analytics.tables.type.${ty}`)}</option>
        ))}
      </select>
    </Field>
  );
}

/** Column slots: label + type pairs named label_<n>/type_<n>; empty labels are skipped. */
export function NewColumnSlots({ from = 1 }: { from?: number }) {
  const t = useT();
  return (
    <>
      {Array.from({ length: NEW_COLUMN_SLOTS }, (_, i) => i + from).map((n) => (
        <>
          <Field label={t("analytics.tables.field.columnLabel", { n })}>
            <input name={`new_label_${n}`} maxLength={200} autocomplete="off" />
          </Field>
          <TypeSelect
            name={`new_type_${n}`}
            label={t("analytics.tables.field.columnType", { n })}
          />
        </>
      ))}
    </>
  );
}

export function NewTableDialog() {
  const t = useT();
  return (
    <Dialog
      id="new-table"
      title={t("analytics.tables.new")}
      trigger={t("analytics.tables.new")}
      icon="plus"
      closeLabel={t("analytics.tables.close")}
      wide
    >
      <form class="form-grid" method="post" action={`${BASE}/tables`}>
        <Field label={t("analytics.tables.field.name")} wide>
          <input name="name" required maxLength={120} />
        </Field>
        <Field label={t("analytics.tables.field.description")} wide>
          <input name="description" maxLength={1000} />
        </Field>
        <NewColumnSlots />
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("analytics.tables.create")}</button>
        </div>
      </form>
    </Dialog>
  );
}

/** Upload with htmx (multipart) and an indicator while the file is sent and read. */
export function UploadDialog() {
  const t = useT();
  return (
    <Dialog
      id="upload-table"
      title={t("analytics.tables.upload")}
      trigger={t("analytics.tables.upload")}
      icon="upload"
      variant="secondary"
      closeLabel={t("analytics.tables.close")}
    >
      <form
        class="form"
        method="post"
        action={`${BASE}/import`}
        enctype="multipart/form-data"
        hx-post={`${BASE}/import`}
        hx-encoding="multipart/form-data"
        hx-indicator="#upload-progress"
        hx-target="find .form-result"
        hx-disabled-elt="find button"
      >
        <Field label={t("analytics.tables.field.file")}>
          <input type="file" name="file" required accept=".csv,.xlsx,text/csv" />
        </Field>
        <Field label={t("analytics.tables.field.nameOptional")}>
          <input name="name" maxLength={120} />
        </Field>
        <p id="upload-progress" class="htmx-indicator muted" role="status">
          <progress aria-label={t("analytics.tables.uploading")}></progress>{" "}
          {t("analytics.tables.uploading")}
        </p>
        <div class="form-result" aria-live="polite"></div>
        <button type="submit" class="btn btn-primary">{t("analytics.tables.upload")}</button>
      </form>
    </Dialog>
  );
}

export interface SourceOption {
  value: string;
  label: string;
}

/** Every field of every source as one option ("Sales › Region code"). */
export function sourceOptions(
  t: Translate,
  tables: Table[],
  datasets: DatasetInfo[],
): SourceOption[] {
  return [
    ...tables.flatMap((x) =>
      x.columns.map((c) => ({
        value: `table|${x.id}|${c.name}`,
        label: `${t("analytics.relations.table")}: ${x.name} › ${c.label}`,
      }))
    ),
    ...datasets.flatMap((d) =>
      d.fields.map((f) => ({
        value: `dataset|${d.name}|${f.name}`,
        label: `${t("analytics.relations.dataset")}: ${d.label} › ${f.label}`,
      }))
    ),
  ];
}

/** A side of a relation as a person reads it. */
function sideText(
  tables: Table[],
  datasets: DatasetInfo[],
  side: { source: RelSource; field: string },
) {
  const s = side.source;
  if (s.kind === "table") {
    const table = tables.find((x) => x.id === s.id);
    const col = table?.columns.find((c) => c.name === side.field);
    return `${table?.name ?? "—"} › ${col?.label ?? side.field}`;
  }
  const d = datasets.find((x) => x.name === s.name);
  const f = d?.fields.find((x) => x.name === side.field);
  return `${d?.label ?? s.name} › ${f?.label ?? side.field}`;
}

export function RelationsList(
  { relations, tables, datasets, canWrite }: {
    relations: Relation[];
    tables: Table[];
    datasets: DatasetInfo[];
    canWrite: boolean;
  },
) {
  const t = useT();
  const columns: TableColumn<Relation>[] = [
    { label: t("analytics.relations.col.name"), cell: (r) => r.name },
    { label: t("analytics.relations.col.left"), cell: (r) => sideText(tables, datasets, r.left) },
    {
      label: t("analytics.relations.col.right"),
      cell: (r) => sideText(tables, datasets, r.right),
    },
  ];
  return (
    <DataTable
      id="analytics-relations"
      label={t("analytics.relations.title")}
      columns={columns}
      rows={relations}
      empty={<EmptyState icon="link" title={t("analytics.relations.empty")} />}
      actions={canWrite
        ? (r) => (
          <form
            method="post"
            action={`${BASE}/relations/${r.id}/delete`}
            hx-post={`${BASE}/relations/${r.id}/delete`}
            hx-target="#modelling-result"
            hx-confirm={t("analytics.relations.deleteConfirm", { name: r.name })}
          >
            <Button type="submit" variant="ghost" small icon="trash-2">
              {t("analytics.relations.delete")}
            </Button>
          </form>
        )
        : undefined}
    />
  );
}

export function NewRelationDialog({ options }: { options: SourceOption[] }) {
  const t = useT();
  const select = (name: string) => (
    <select name={name} required>
      {options.map((o) => <option value={o.value}>{o.label}</option>)}
    </select>
  );
  return (
    <Dialog
      id="new-relation"
      title={t("analytics.relations.new")}
      trigger={t("analytics.relations.new")}
      icon="link"
      variant="secondary"
      closeLabel={t("analytics.tables.close")}
    >
      <form class="form" method="post" action={`${BASE}/relations`}>
        <Field label={t("analytics.relations.field.left")}>{select("left")}</Field>
        <Field label={t("analytics.relations.field.right")}>{select("right")}</Field>
        <Field label={t("analytics.relations.field.name")}>
          <input name="name" maxLength={120} />
        </Field>
        <button type="submit" class="btn btn-primary">{t("analytics.tables.create")}</button>
      </form>
    </Dialog>
  );
}
