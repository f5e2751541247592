import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  Field,
  type Flash,
  formatDate,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { priorityLabel, statusName } from "../common/labels.lib.ts";
import { IMPORT_TARGETS, type ImportTarget } from "./import.lib.ts";
import type { z } from "@hono/zod-openapi";
import type { ImportResult } from "./import.schemas.ts";

type Result = z.infer<typeof ImportResult>;
type Row = Result["rows"][number];

/** Step 0: choose the file. */
export function ImportUpload({ projectId, flash }: { projectId: string; flash?: Flash }) {
  const t = useT();
  const action = `/projects/projects/${projectId}/import`;
  return (
    <Card title={t("projects.import.action")}>
      <Toast flash={flash} />
      <p class="muted">{t("projects.import.intro")}</p>
      <form method="post" action={action} enctype="multipart/form-data" class="form-grid">
        <input type="hidden" name="step" value="read" />
        <Field label={t("projects.import.file")} wide>
          <input id="imp-file" type="file" name="file" accept=".csv,text/csv" required />
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" icon="upload">{t("projects.import.read")}</Button>
          <Button variant="secondary" href={`/projects/projects/${projectId}`}>
            {t("projects.import.cancel")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * Steps 1 and 2 in one form: the column mapping (and statuses of the file to choose), then the
 * preview with each row's errors; the file travels along in a hidden field.
 */
export function ImportMapping(
  { projectId, csv, result, samples, statuses, statusMap, skip, flash }: {
    projectId: string;
    csv: string;
    result: Result;
    samples: Record<string, string>;
    statuses: { id: string; name: string }[];
    statusMap: Record<string, string>;
    skip: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const action = `/projects/projects/${projectId}/import`;
  const unique = [...new Set(result.headers)].filter(Boolean);
  const hasErrors = result.errors.length > 0;
  return (
    <form method="post" action={action} class="pj-import" id="import-form">
      <input type="hidden" name="csv" value={csv} />
      <Toast flash={flash} />
      <Card title={t("projects.import.mapping")} flush>
        <DataTable
          id="import-mapping"
          label={t("projects.import.mapping")}
          rows={unique}
          columns={[
            {
              label: t("projects.import.column"),
              cell: (h) => <strong class="pj-break">{h}</strong>,
            },
            {
              label: t("projects.import.sample"),
              cell: (h) => <span class="muted pj-break">{(samples[h] ?? "").slice(0, 80)}</span>,
            },
            {
              label: t("projects.import.field"),
              cell: (h) => (
                <select name={`map:${h}`} aria-label={`${t("projects.import.field")}: ${h}`}>
                  {IMPORT_TARGETS.map((target) => (
                    <option value={target} selected={result.mapping[h] === target}>
                      {t(`projects.import.target.${target as ImportTarget}`)}
                    </option>
                  ))}
                </select>
              ),
            },
          ]}
        />
      </Card>
      {(result.statusValues.length > 0 || Object.keys(statusMap).length > 0) && (
        <Card title={t("projects.import.statuses")}>
          <p class="muted">{t("projects.import.statusesHint")}</p>
          <div class="form-grid">
            {[...new Set([...result.statusValues, ...Object.keys(statusMap)])].map((v) => (
              <Field label={v}>
                <select name={`status:${v}`}>
                  <option value="">{t("projects.import.noStatus")}</option>
                  {statuses.map((s) => (
                    <option value={s.id} selected={statusMap[v] === s.id}>
                      {statusName(t, s.name)}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          </div>
        </Card>
      )}
      <div class="form-actions">
        <Button type="submit" name="step" value="preview" icon="eye">
          {t("projects.import.preview")}
        </Button>
      </div>
      {result.mode === "preview" && result.headers.length > 0 && (
        <ImportPreview result={result} skip={skip} hasErrors={hasErrors} projectId={projectId} />
      )}
    </form>
  );
}

function ImportPreview(
  { result, skip, hasErrors, projectId }: {
    result: Result;
    skip: boolean;
    hasErrors: boolean;
    projectId: string;
  },
) {
  const t = useT();
  const reader = useReader();
  const day = (d: string | null) => d ? formatDate(reader.locale, d, "UTC") : "";
  const columns: Column<Row>[] = [
    { label: t("projects.import.row"), cell: (r) => String(r.row), numeric: true },
    {
      label: t("projects.import.target.title"),
      cell: (r) => (
        <span class="pj-name-cell">
          <span class="pj-break">{r.title}</span>
          {r.ok
            ? <Badge tone="green">{t("projects.import.ok")}</Badge>
            : <Badge tone="red">{t("projects.import.bad")}</Badge>}
        </span>
      ),
    },
    {
      label: t("projects.import.target.status"),
      cell: (r) => (r.statusName ? statusName(t, r.statusName) : ""),
    },
    {
      label: t("projects.import.target.priority"),
      cell: (r) => priorityLabel(t, r.priority as "normal"),
    },
    { label: t("projects.assignees"), cell: (r) => r.assigneeNames.join(", ") },
    { label: t("projects.import.target.labels"), cell: (r) => r.labels.join(", ") },
    { label: t("projects.import.target.dueDate"), cell: (r) => day(r.dueDate) },
  ];
  return (
    <section aria-labelledby="import-preview-h" id="import-preview">
      <Card title={<span id="import-preview-h">{t("projects.import.previewTitle")}</span>} flush>
        <p class="pj-pad">
          <strong>
            {t("projects.import.summary", { valid: result.valid, total: result.total })}
          </strong>{" "}
          <span class="muted">{t("projects.import.firstRows", { count: result.rows.length })}</span>
        </p>
        <DataTable
          id="import-rows"
          label={t("projects.import.preview")}
          rows={result.rows}
          columns={columns}
        />
      </Card>
      {hasErrors && (
        <Card title={t("projects.import.errors")}>
          <ul class="pj-import-errors" id="import-errors">
            {result.errors.map((e) => (
              <li>
                <strong>{t("projects.import.row")} {e.row}</strong>
                {" · "}
                {t(`projects.import.target.${e.field as ImportTarget}`)}
                {": "}
                {t(`projects.import.err.${e.code as "badDate"}`, { value: e.value })}
              </li>
            ))}
          </ul>
          <label class="pj-check">
            <input type="checkbox" name="skipErrors" value="true" checked={skip} />
            <span>{t("projects.import.skip")}</span>
          </label>
        </Card>
      )}
      <div class="form-actions">
        <Button type="submit" name="step" value="commit" icon="check">
          {t("projects.import.commit")}
        </Button>
        <Button variant="secondary" href={`/projects/projects/${projectId}`}>
          {t("projects.import.cancel")}
        </Button>
      </div>
    </section>
  );
}

/** The project page's action leading to the import. */
export function ImportLink({ projectId }: { projectId: string }) {
  const t = useT();
  return (
    <Button variant="secondary" icon="upload" href={`/projects/projects/${projectId}/import`}>
      {t("projects.import.action")}
    </Button>
  );
}
