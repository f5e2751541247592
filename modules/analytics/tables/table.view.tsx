/** A table's page: its rows grid (add, edit in a dialog, delete, paging) and column editor. */
import {
  type Column as GridColumn,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  formatNumber,
  IconButton,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { BASE, NewColumnSlots, TypeSelect } from "./modelling.view.tsx";
import type { Column, Row, Table } from "./tables.schemas.ts";

function Value({ col, value }: { col: Column; value: unknown }) {
  const t = useT();
  const { locale } = useReader();
  if (value === null || value === undefined || value === "") return <span class="muted">—</span>;
  switch (col.type) {
    case "number":
      return <>{formatNumber(locale, Number(value), 2).replace(/[.,]00$/, "")}</>;
    case "boolean":
      return <>{t(value ? "analytics.tables.yes" : "analytics.tables.no")}</>;
    case "date":
      return <DateTime at={`${value}T00:00:00Z`} dateOnly />;
    case "datetime":
      return <DateTime at={String(value)} />;
    default:
      return <>{String(value)}</>;
  }
}

/** One control per column, named v_<column>, filled with the row's values when editing. */
function ValueInputs({ table, row }: { table: Table; row?: Row }) {
  const t = useT();
  return (
    <>
      {table.columns.map((col) => {
        const v = row?.data[col.name];
        const name = `v_${col.name}`;
        const text = v === null || v === undefined ? "" : String(v);
        return (
          <Field label={col.label}>
            {col.type === "boolean"
              ? (
                <select name={name}>
                  <option value="" selected={v === null || v === undefined}>—</option>
                  <option value="true" selected={v === true}>{t("analytics.tables.yes")}</option>
                  <option value="false" selected={v === false}>{t("analytics.tables.no")}</option>
                </select>
              )
              : col.type === "number"
              ? <input name={name} type="number" step="any" value={text} />
              : col.type === "date"
              ? <input name={name} type="date" value={text} />
              : col.type === "datetime"
              ? <input name={name} type="datetime-local" value={text.slice(0, 16)} />
              : <textarea name={name} rows={1} maxLength={10000}>{text}</textarea>}
          </Field>
        );
      })}
    </>
  );
}

export function RowDialog({ table, row }: { table: Table; row?: Row }) {
  const t = useT();
  const action = row
    ? `${BASE}/tables/${table.id}/rows/${row.id}`
    : `${BASE}/tables/${table.id}/rows`;
  return (
    <Dialog
      id={row ? `edit-row-${row.id}` : "add-row"}
      title={t(row ? "analytics.tables.editRow" : "analytics.tables.addRow")}
      trigger={t(row ? "analytics.tables.editRow" : "analytics.tables.addRow")}
      icon={row ? "pencil" : "plus"}
      iconOnly={!!row}
      closeLabel={t("analytics.tables.close")}
      wide
    >
      <form
        class="form-grid"
        method="post"
        action={action}
        hx-post={action}
        hx-target="find .form-result"
      >
        <ValueInputs table={table} row={row} />
        <div class="form-result field-wide" aria-live="polite"></div>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("analytics.tables.save")}</button>
        </div>
      </form>
    </Dialog>
  );
}

export function ColumnsDialog({ table }: { table: Table }) {
  const t = useT();
  return (
    <Dialog
      id="edit-columns"
      title={t("analytics.tables.columns")}
      trigger={t("analytics.tables.columns")}
      icon="columns-3"
      variant="secondary"
      closeLabel={t("analytics.tables.close")}
      wide
    >
      <form class="form-grid" method="post" action={`${BASE}/tables/${table.id}`}>
        <Field label={t("analytics.tables.field.name")} wide>
          <input name="name" required maxLength={120} value={table.name} />
        </Field>
        <Field label={t("analytics.tables.field.description")} wide>
          <input name="description" maxLength={1000} value={table.description} />
        </Field>
        <p class="muted field-wide">{t("analytics.tables.columnsHint")}</p>
        {table.columns.map((col, i) => (
          <>
            <input type="hidden" name={`col_name_${i}`} value={col.name} />
            <Field label={t("analytics.tables.field.columnLabel", { n: i + 1 })}>
              <input name={`col_label_${i}`} maxLength={200} value={col.label} />
            </Field>
            <TypeSelect
              name={`col_type_${i}`}
              label={t("analytics.tables.field.columnType", { n: i + 1 })}
              value={col.type}
            />
            <label class="check field-wide">
              <input type="checkbox" name={`col_remove_${i}`} value="1" />{" "}
              {t("analytics.tables.field.remove")} ({col.label})
            </label>
          </>
        ))}
        <NewColumnSlots from={table.columns.length + 1} />
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("analytics.tables.save")}</button>
        </div>
      </form>
    </Dialog>
  );
}

export function RowsGrid(
  { table, rows, nextCursor, canWrite }: {
    table: Table;
    rows: Row[];
    nextCursor: string | null;
    canWrite: boolean;
  },
) {
  const t = useT();
  const columns: GridColumn<Row>[] = table.columns.map((col, i) => ({
    label: col.label,
    cell: (r) => <Value col={col} value={r.data[col.name]} />,
    numeric: col.type === "number",
    wide: i >= 4,
  }));
  return (
    <DataTable
      id="table-rows"
      label={t("analytics.tables.rows")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="rows-3" title={t("analytics.tables.rowsEmpty")} />}
      more={nextCursor
        ? { href: `?cursor=${nextCursor}`, label: t("analytics.tables.more") }
        : undefined}
      actions={canWrite
        ? (r) => (
          <>
            <RowDialog table={table} row={r} />
            <form
              method="post"
              action={`${BASE}/tables/${table.id}/rows/${r.id}/delete`}
              hx-post={`${BASE}/tables/${table.id}/rows/${r.id}/delete`}
              hx-target="#modelling-result"
              hx-confirm={t("analytics.tables.deleteRowConfirm")}
            >
              <IconButton type="submit" icon="trash-2" label={t("analytics.tables.deleteRow")} />
            </form>
          </>
        )
        : undefined}
    />
  );
}
