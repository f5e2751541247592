/** Saved questions' pages: the list, the editor (SQL, declarations, values) and the result. */
import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  DateTime,
  EmptyState,
  Field,
  type Flash,
  FlashMessage,
  formatNumber,
  RelativeTime,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { choicesText, type EditorState } from "./questions.form.lib.ts";
import { PARAM_TYPES, type ParamDecl } from "./questions.rules.ts";
import type { Question, QuestionResult } from "./questions.schemas.ts";

export const BASE = "/analytics/questions";

export function TargetBadge({ target }: { target: Question["target"] }) {
  const t = useT();
  return (
    <Badge tone={target === "tenant" ? "blue" : "purple"}>
      {t(`analytics.questions.target.${target}`)}
    </Badge>
  );
}

export function QuestionsTable({ rows }: { rows: Question[] }) {
  const t = useT();
  const columns: Column<Question>[] = [
    {
      label: t("analytics.questions.name"),
      cell: (q) => <a href={`${BASE}/${q.id}`}>{q.name}</a>,
    },
    {
      label: t("analytics.questions.about"),
      cell: (q) => <span class="muted">{q.description}</span>,
      wide: true,
    },
    { label: t("analytics.questions.target"), cell: (q) => <TargetBadge target={q.target} /> },
    {
      label: t("analytics.questions.params"),
      cell: (q) => q.params.map((p) => p.label).join(", ") || "—",
      wide: true,
    },
    {
      label: t("analytics.questions.updated"),
      cell: (q) => <RelativeTime at={q.updatedAt} />,
      wide: true,
    },
  ];
  return (
    <DataTable
      id="questions"
      label={t("page.analyticsQuestions")}
      columns={columns}
      rows={rows}
      empty={
        <EmptyState icon="file-question" title={t("analytics.questions.empty")}>
          {t("analytics.questions.emptyHint")}
        </EmptyState>
      }
    />
  );
}

/** The inputs for one parameter's value, by its type. */
function ValueInput({ d, value }: { d: ParamDecl; value: string }) {
  const t = useT();
  const name = `v_${d.name}`;
  const placeholder = d.default !== undefined && d.default !== null ? String(d.default) : "";
  if (d.type === "boolean" || d.type === "choice") {
    const options = d.type === "boolean"
      ? [
        { value: "true", label: t("analytics.questions.yes") },
        { value: "false", label: t("analytics.questions.no") },
      ]
      : d.choices ?? [];
    return (
      <select name={name}>
        <option value="">{t("analytics.questions.any")}</option>
        {options.map((o) => (
          <option value={o.value} selected={o.value === value}>{o.label}</option>
        ))}
      </select>
    );
  }
  return (
    <input
      name={name}
      type={(d.type === "date" ? "date" : d.type === "number" ? "number" : "text") as "text"}
      step={d.type === "number" ? "any" : undefined}
      value={value}
      placeholder={placeholder}
      required={d.required && !placeholder}
      maxLength={d.type === "text" ? 1000 : undefined}
    />
  );
}

export function ValueFields(
  { params, values }: { params: ParamDecl[]; values: Record<string, string> },
) {
  const t = useT();
  if (!params.length) return <p class="muted">{t("analytics.questions.noParams")}</p>;
  return (
    <div class="form-grid">
      {params.map((d) => (
        <Field label={d.label}>
          <ValueInput d={d} value={values[d.name] ?? ""} />
        </Field>
      ))}
    </div>
  );
}

/** One row of declarations per placeholder (name fixed by the SQL). */
function DeclRow({ d }: { d: ParamDecl }) {
  const t = useT();
  return (
    <fieldset class="question-param">
      <legend>
        <code>{`{{${d.name}}}`}</code>
      </legend>
      <input type="hidden" name="pn" value={d.name} />
      <div class="form-grid">
        <Field label={t("analytics.questions.label")}>
          <input name="pl" value={d.label} maxLength={200} required />
        </Field>
        <Field label={t("analytics.questions.paramType")}>
          <select name="pt">
            {PARAM_TYPES.map((ty) => (
              <option value={ty} selected={ty === d.type}>
                {t(`analytics.questions.type.${ty}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("analytics.questions.required")}>
          <select name="pr">
            <option value="1" selected={d.required}>{t("analytics.questions.yes")}</option>
            <option value="0" selected={!d.required}>{t("analytics.questions.no")}</option>
          </select>
        </Field>
        <Field label={t("analytics.questions.default")}>
          <input
            name="pd"
            value={d.default === undefined || d.default === null ? "" : String(d.default)}
          />
        </Field>
        {d.type === "choice"
          ? (
            <Field
              label={t("analytics.questions.choices")}
              hint={t("analytics.questions.choicesHint")}
              wide
            >
              <input name="pc" value={choicesText(d)} maxLength={4000} />
            </Field>
          )
          : <input type="hidden" name="pc" value="" />}
      </div>
    </fieldset>
  );
}

/**
 * The declarations and the values, re-drawn (htmx) whenever the SQL or a declaration changes,
 * so there is always one declaration per placeholder.
 */
export function ParamsSection({ state, canWrite }: { state: EditorState; canWrite: boolean }) {
  const t = useT();
  return (
    <div
      id="question-params"
      class="stack question-params"
      hx-post={canWrite ? `${BASE}/form` : undefined}
      hx-trigger={canWrite ? "change from:#question-decls" : undefined}
      hx-include="closest form"
      hx-target="this"
      hx-swap="outerHTML"
    >
      {state.sqlErrors.map((e) => <p class="field-message" role="alert">{e.message}</p>)}
      {canWrite && state.params.length > 0 && (
        <div id="question-decls" class="stack">
          <h3>{t("analytics.questions.params")}</h3>
          {state.params.map((d) => <DeclRow d={d} />)}
        </div>
      )}
      <h3>{t("analytics.questions.values")}</h3>
      <ValueFields params={state.params} values={state.values} />
    </div>
  );
}

export interface SourceChoice {
  id: string;
  name: string;
}

/** Names a tenant question can read: the datasets and the tenant's tables. */
export function NamesHelp(
  { datasets, tables }: { datasets: string[]; tables: { name: string; sql: string }[] },
) {
  const t = useT();
  return (
    <details class="question-names">
      <summary>{t("analytics.questions.names")}</summary>
      <p>
        <strong>{t("analytics.questions.datasets")}:</strong> {datasets.map((d, i) => (
          <>
            {i > 0 && ", "}
            <code>{d}</code>
          </>
        ))}
      </p>
      {tables.length > 0 && (
        <p>
          <strong>{t("analytics.questions.tables")}:</strong> {tables.map((x, i) => (
            <>
              {i > 0 && ", "}
              <code>{x.sql}</code> <span class="muted">({x.name})</span>
            </>
          ))}
        </p>
      )}
    </details>
  );
}

export function EditorForm(
  { id, state, sources, canWrite, names }: {
    id?: string;
    state: EditorState;
    sources: SourceChoice[];
    canWrite: boolean;
    names: { datasets: string[]; tables: { name: string; sql: string }[] };
  },
) {
  const t = useT();
  const action = id ? `${BASE}/${id}` : BASE;
  const runUrl = canWrite ? `${BASE}/preview` : `${BASE}/${id}/run`;
  return (
    <form class="stack" method="post" action={action} data-save-shortcut>
      {canWrite && (
        <Card title={t("analytics.questions.editor")}>
          <div class="form-grid">
            <Field label={t("analytics.questions.name")}>
              <input name="name" value={state.name} required maxLength={200} />
            </Field>
            <Field label={t("analytics.questions.source")}>
              <select name="sourceId">
                <option value="">{t("analytics.questions.tenantData")}</option>
                {sources.map((s) => (
                  <option value={s.id} selected={s.id === state.sourceId}>{s.name}</option>
                ))}
              </select>
            </Field>
            <Field label={t("analytics.questions.about")} wide>
              <input name="description" value={state.description} maxLength={2000} />
            </Field>
            <Field
              label={t("analytics.questions.sql")}
              hint={t("analytics.questions.sqlHint")}
              wide
            >
              <div data-code-editor="sql">
                <textarea
                  name="sql"
                  class="code-input"
                  rows={8}
                  required
                  maxLength={20000}
                  spellcheck={false}
                  hx-post={`${BASE}/form`}
                  hx-trigger="input changed delay:700ms"
                  hx-target="#question-params"
                  hx-swap="outerHTML"
                  hx-include="closest form"
                >
                  {state.sql}
                </textarea>
              </div>
            </Field>
          </div>
          {!state.sourceId && <NamesHelp {...names} />}
        </Card>
      )}
      {!canWrite && (
        <Card title={t("analytics.questions.sql")}>
          <pre class="question-sql">{state.sql}</pre>
          <input type="hidden" name="sql" value={state.sql} />
        </Card>
      )}
      <Card>
        <ParamsSection state={state} canWrite={canWrite} />
        <div class="form-actions">
          <Button
            type="submit"
            variant="secondary"
            icon="play"
            formaction={runUrl}
            hx-post={runUrl}
            hx-target="#question-result"
            hx-swap="innerHTML"
            hx-include="closest form"
          >
            {t("analytics.questions.run")}
          </Button>
          {canWrite && <Button type="submit" icon="save">{t("analytics.questions.save")}</Button>}
        </div>
      </Card>
    </form>
  );
}

function Cell({ v, type }: { v: unknown; type: string }) {
  const t = useT();
  const { locale } = useReader();
  if (v === null || v === undefined) return <span class="muted">—</span>;
  if (
    (type === "date" || type === "datetime") && typeof v === "string" &&
    !Number.isNaN(Date.parse(v))
  ) {
    return (
      <DateTime
        at={type === "date" ? `${v.slice(0, 10)}T12:00:00Z` : v}
        dateOnly={type === "date"}
      />
    );
  }
  if (typeof v === "boolean") {
    return <>{t(v ? "analytics.questions.yes" : "analytics.questions.no")}</>;
  }
  if (typeof v === "number") return <>{formatNumber(locale, v, Number.isInteger(v) ? 0 : 2)}</>;
  if (typeof v === "object") return <code>{JSON.stringify(v)}</code>;
  return <span>{String(v)}</span>;
}

type Row = Record<string, unknown>;

export function ResultTable({ result }: { result: QuestionResult }) {
  const t = useT();
  const columns: Column<Row>[] = result.columns.map((col) => ({
    label: col.name,
    numeric: col.type === "number",
    cell: (r: Row) => <Cell v={r[col.name]} type={col.type} />,
  }));
  return (
    <>
      <div class="question-result-scroll">
        <DataTable
          id="question-rows"
          label={t("analytics.questions.result")}
          columns={columns}
          rows={result.rows}
          empty={<EmptyState icon="search-x" title={t("analytics.questions.noRows")} />}
        />
      </div>
      {result.truncated && (
        <p class="field-hint">{t("analytics.questions.truncated", { n: result.rows.length })}</p>
      )}
    </>
  );
}

export function ResultArea({ result, flash }: { result?: QuestionResult; flash?: Flash }) {
  const t = useT();
  return (
    <Card title={t("analytics.questions.result")}>
      <div id="question-result" aria-live="polite">
        {flash
          ? <FlashMessage flash={flash} />
          : result
          ? <ResultTable result={result} />
          : <p class="muted">{t("analytics.questions.runHint")}</p>}
      </div>
    </Card>
  );
}
