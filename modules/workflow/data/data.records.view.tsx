/** The records browser: table, record form generated from the model, facts and history. */
import type { ComponentChildren } from "preact";
import {
  Button,
  type Column,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  Filters,
  formatNumber,
  RelativeTime,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { DataRecord, FieldDef, Model } from "./data.schemas.ts";

export interface Choices {
  users: { id: string; name: string }[];
  records: Record<string, { id: string; title: string }[]>;
}

export const recordsPath = (key: string) => `/workflow/data/${key}`;
export const RECORDS_ID = "data-records";

/** A value as people read it: labels, names, titles, formatted numbers and dates. */
export function Value(
  { field, value, display }: { field: FieldDef; value: unknown; display?: string },
) {
  const t = useT();
  const { locale } = useReader();
  if (value === null || value === undefined || value === "") return <span class="muted">—</span>;
  switch (field.type) {
    case "number":
      return <>{formatNumber(locale, Number(value), 6)}</>;
    case "boolean":
      return <>{t(value ? "workflow.data.yes" : "workflow.data.no")}</>;
    case "date":
      return <DateTime at={String(value)} dateOnly />;
    case "datetime":
      return <DateTime at={String(value)} />;
    case "enum":
      return <>{field.values?.find((v) => v.value === value)?.label ?? String(value)}</>;
    case "reference":
      return display === undefined
        ? <span class="muted">{t("workflow.data.gone")}</span>
        : (
          <a href={`${recordsPath(field.model ?? "")}/${value}`}>
            {display || t("workflow.data.untitled")}
          </a>
        );
    case "user":
      return display === undefined
        ? <span class="muted">{t("workflow.data.gone")}</span>
        : <>{display}</>;
    default:
      return <>{String(value)}</>;
  }
}

export function RecordsTable(
  { model, items, more, filtered }: {
    model: Model;
    items: DataRecord[];
    more: string | null;
    filtered: boolean;
  },
) {
  const t = useT();
  const shown = model.fields.filter((f) => f.name !== model.titleField).slice(0, 4);
  const columns: Column<DataRecord>[] = [
    {
      label: model.fields.find((f) => f.name === model.titleField)?.label ??
        t("workflow.data.col.name"),
      cell: (r) => (
        <a href={`${recordsPath(model.key)}/${r.id}`}>{r.title || t("workflow.data.untitled")}</a>
      ),
    },
    ...shown.map((f, i): Column<DataRecord> => ({
      label: f.label,
      numeric: f.type === "number",
      wide: i >= 2,
      cell: (r) => <Value field={f} value={r.data[f.name]} display={r.display[f.name]} />,
    })),
    {
      label: t("workflow.data.col.updated"),
      cell: (r) => <RelativeTime at={r.updatedAt} />,
      wide: true,
    },
  ];
  return (
    <DataTable
      id={RECORDS_ID}
      label={t("workflow.data.records", { name: model.name })}
      columns={columns}
      rows={items}
      empty={
        <EmptyState
          icon="database"
          title={t(filtered ? "workflow.data.noMatch" : "workflow.data.noRecords")}
        />
      }
      more={more ? { href: more, label: t("workflow.data.more") } : undefined}
    />
  );
}

export function RecordFilters({ model, q }: { model: Model; q: string }) {
  const t = useT();
  return (
    <Filters
      action={recordsPath(model.key)}
      target={`#${RECORDS_ID}`}
      label={t("workflow.data.filters")}
    >
      <Field label={t("workflow.data.search")}>
        <input type="search" name="q" value={q} maxLength={200} />
      </Field>
    </Filters>
  );
}

const isoLocal = (v: unknown) => typeof v === "string" ? v.slice(0, 16) : "";

function Input(
  { field, value, choices }: { field: FieldDef; value: unknown; choices: Choices },
) {
  const t = useT();
  const name = `f_${field.name}`;
  const text = value === null || value === undefined ? "" : String(value);
  const required = field.required;
  const choose = <option value="">{t("workflow.data.choose")}</option>;
  switch (field.type) {
    case "number":
      return <input name={name} inputMode="decimal" value={text} required={required} />;
    case "boolean":
      return (
        <select name={name} required={required}>
          {choose}
          <option value="true" selected={value === true}>{t("workflow.data.yes")}</option>
          <option value="false" selected={value === false}>{t("workflow.data.no")}</option>
        </select>
      );
    case "date":
      return <input type="date" name={name} value={text} required={required} />;
    case "datetime":
      return (
        <input
          type="datetime-local"
          name={name}
          value={isoLocal(value)}
          required={required}
        />
      );
    case "enum":
      return (
        <select name={name} required={required}>
          {choose}
          {(field.values ?? []).map((v) => (
            <option value={v.value} selected={v.value === value}>{v.label}</option>
          ))}
        </select>
      );
    case "reference":
      return (
        <select name={name} required={required}>
          {choose}
          {(choices.records[field.name] ?? []).map((r) => (
            <option value={r.id} selected={r.id === value}>
              {r.title || t("workflow.data.untitled")}
            </option>
          ))}
        </select>
      );
    case "user":
      return (
        <select name={name} required={required}>
          {choose}
          {choices.users.map((u) => <option value={u.id} selected={u.id === value}>{u.name}
          </option>)}
        </select>
      );
    default:
      return <input name={name} value={text} maxLength={10_000} required={required} />;
  }
}

/** A form generated from the model: one input per field, a picker for people and records. */
export function RecordForm(
  { model, record, choices }: {
    model: Model;
    record?: DataRecord;
    choices: Choices;
  },
) {
  const t = useT();
  const action = record ? `${recordsPath(model.key)}/${record.id}` : recordsPath(model.key);
  return (
    <form class="form" method="post" action={action}>
      {record && <input type="hidden" name="version" value={String(record.version)} />}
      <div class="form-grid">
        {model.fields.map((f) => (
          <Field
            label={f.label}
            hint={f.type === "datetime" ? t("workflow.data.utc") : undefined}
          >
            <Input field={f} value={record?.data[f.name]} choices={choices} />
          </Field>
        ))}
      </div>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary">{t("workflow.data.save")}</button>
      </div>
    </form>
  );
}

export function NewRecordDialog({ model, choices }: { model: Model; choices: Choices }) {
  const t = useT();
  return (
    <Dialog
      id="new-record"
      title={t("workflow.data.newRecord")}
      trigger={t("workflow.data.newRecord")}
      icon="plus"
      closeLabel={t("workflow.data.close")}
      wide
    >
      <RecordForm model={model} choices={choices} />
    </Dialog>
  );
}

export function RecordFacts({ model, record }: { model: Model; record: DataRecord }) {
  const t = useT();
  const who = (name: string | null, byProcess: boolean): ComponentChildren =>
    name ? t("workflow.data.by", { name }) : byProcess ? ` ${t("workflow.data.byProcess")}` : "";
  return (
    <dl class="facts">
      {model.fields.map((f) => (
        <div>
          <dt>{f.label}</dt>
          <dd>
            <Value field={f} value={record.data[f.name]} display={record.display[f.name]} />
          </dd>
        </div>
      ))}
      <div>
        <dt>{t("workflow.data.createdBy")}</dt>
        <dd>
          <RelativeTime at={record.createdAt} /> {who(record.createdByName, !!record.instanceId)}
        </dd>
      </div>
      <div>
        <dt>{t("workflow.data.updatedBy")}</dt>
        <dd>
          <RelativeTime at={record.updatedAt} />
          {who(record.updatedByName, !record.updatedBy)}
        </dd>
      </div>
    </dl>
  );
}

export function DeleteRecord({ model, record }: { model: Model; record: DataRecord }) {
  const t = useT();
  const action = `${recordsPath(model.key)}/${record.id}/delete`;
  return (
    <form
      method="post"
      action={action}
      hx-post={action}
      hx-confirm={t("workflow.data.deleteRecordConfirm")}
    >
      <Button type="submit" variant="danger" icon="trash-2">
        {t("workflow.data.deleteRecord")}
      </Button>
    </form>
  );
}
