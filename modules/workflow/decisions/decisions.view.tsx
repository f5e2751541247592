/** Decision table pages: the list with a "new" dialog, the dmn-js editor and its test panel. */
import {
  Button,
  Card,
  type Column,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  RelativeTime,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { DMN_SCRIPTS, DMN_STYLES } from "./decisions.assets.lib.ts";
import type { HitPolicy } from "./decisions.rules.ts";
import type { Decision, DecisionDetail, Evaluation } from "./decisions.schemas.ts";

export const BASE = "/workflow/admin/decisions";
const HIT_KEYS: Record<HitPolicy, MessageKey> = {
  UNIQUE: "workflow.decisions.hit.UNIQUE",
  FIRST: "workflow.decisions.hit.FIRST",
  PRIORITY: "workflow.decisions.hit.PRIORITY",
  ANY: "workflow.decisions.hit.ANY",
  COLLECT: "workflow.decisions.hit.COLLECT",
  "RULE ORDER": "workflow.decisions.hit.RULE_ORDER",
  "OUTPUT ORDER": "workflow.decisions.hit.OUTPUT_ORDER",
};
export const hitLabel = (t: Translate, p: HitPolicy) => t(HIT_KEYS[p]);
const editorHref = (key: string) => `${BASE}/${encodeURIComponent(key)}`;

export function DecisionsTable({ rows }: { rows: Decision[] }) {
  const t = useT();
  const columns: Column<Decision>[] = [
    {
      label: t("workflow.decisions.col.name"),
      cell: (d) => <a href={editorHref(d.key)}>{d.name}</a>,
    },
    { label: t("workflow.decisions.col.key"), cell: (d) => <code>{d.key}</code>, wide: true },
    { label: t("workflow.decisions.col.hitPolicy"), cell: (d) => hitLabel(t, d.hitPolicy) },
    { label: t("workflow.decisions.col.rules"), cell: (d) => d.ruleCount, numeric: true },
    {
      label: t("workflow.decisions.col.version"),
      cell: (d) => t("workflow.decisions.version", { n: d.version }),
      wide: true,
    },
    {
      label: t("workflow.decisions.col.deployed"),
      cell: (d) => (
        <span>
          <RelativeTime at={d.deployedAt} />{" "}
          {d.deployedByName && t("workflow.decisions.by", { name: d.deployedByName })}
        </span>
      ),
      wide: true,
    },
  ];
  return (
    <DataTable
      id="decisions"
      label={t("page.decisionTables")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="table" title={t("workflow.decisions.empty")} />}
      actions={(d) => (
        <>
          <Button
            href={editorHref(d.key)}
            variant="ghost"
            small
            icon="pencil"
            aria-label={t("workflow.decisions.open", { name: d.name })}
          >
            {t("workflow.decisions.edit")}
          </Button>
          <form
            method="post"
            action={`${editorHref(d.key)}/delete`}
            hx-post={`${editorHref(d.key)}/delete`}
            hx-confirm={t("workflow.decisions.deleteConfirm", { name: d.name })}
          >
            <Button type="submit" variant="ghost" small icon="trash-2">
              {t("workflow.decisions.delete")}
            </Button>
          </form>
        </>
      )}
    />
  );
}

export function NewDecisionDialog() {
  const t = useT();
  return (
    <Dialog
      id="new-decision"
      title={t("workflow.decisions.new")}
      trigger={t("workflow.decisions.new")}
      icon="plus"
      closeLabel={t("workflow.decisions.close")}
    >
      <form class="form" method="post" action={BASE}>
        <Field label={t("workflow.decisions.field.name")}>
          <input name="name" required maxLength={200} autocomplete="off" />
        </Field>
        <Field
          label={t("workflow.decisions.field.key")}
          hint={t("workflow.decisions.field.templateHint")}
        >
          <input
            name="key"
            required
            maxLength={128}
            pattern="[A-Za-z_][A-Za-z0-9_]*"
            autocomplete="off"
          />
        </Field>
        <button type="submit" class="btn btn-primary">{t("workflow.decisions.create")}</button>
      </form>
    </Dialog>
  );
}

/** The result of a test evaluation (or why there is none), swapped into the test panel. */
export function TestResult(
  { evaluation, error }: { evaluation?: Evaluation; error?: string },
) {
  const t = useT();
  if (error || !evaluation) {
    return <div id="wf-dmn-result" class="wf-dmn-result alert error" role="alert">{error}</div>;
  }
  const names = [...new Set(evaluation.result.flatMap((r) => Object.keys(r)))];
  const shown = (v: unknown) => typeof v === "string" ? v : JSON.stringify(v);
  const rows = evaluation.result.map((r, i) => ({ r, rule: evaluation.matchedRules[i] }));
  return (
    <div id="wf-dmn-result" class="wf-dmn-result" role="status">
      <p>
        {t("workflow.decisions.matched", {
          version: evaluation.version,
          policy: hitLabel(t, evaluation.hitPolicy),
          count: evaluation.result.length,
        })}
      </p>
      {rows.length === 0 ? <p class="muted">{t("workflow.decisions.noMatch")}</p> : (
        <DataTable
          id="wf-dmn-rows"
          label={t("workflow.decisions.test")}
          rows={rows}
          columns={[
            // Aggregated results (COLLECT with SUM, …) come from several rules: no one number.
            ...(evaluation.result.length === evaluation.matchedRules.length
              ? [{ label: t("workflow.decisions.rule"), cell: (x: typeof rows[0]) => x.rule }]
              : []),
            ...names.map((n) => ({ label: n, cell: (x: typeof rows[0]) => shown(x.r[n]) })),
          ]}
        />
      )}
    </div>
  );
}

export function DecisionEditor({ d }: { d: DecisionDetail }) {
  const t = useT();
  const base = editorHref(d.key);
  const messages = {
    failed: t("workflow.decisions.failed"),
    importFailed: t("workflow.decisions.importFailed"),
  };
  return (
    <div
      id="wf-dmn"
      class="wf-dmn stack"
      data-base={base}
      data-key={d.key}
      data-xml={d.xml}
      data-messages={JSON.stringify(messages)}
    >
      {DMN_STYLES.map((href) => <link rel="stylesheet" href={href} />)}
      <div class="wf-dmn-toolbar" role="toolbar" aria-label={t("workflow.decisions.toolbar")}>
        <Button icon="rocket" data-action="deploy">{t("workflow.decisions.save")}</Button>
        <Button variant="ghost" icon="download" data-action="download">
          {t("workflow.decisions.download")}
        </Button>
        <span class="muted wf-dmn-note">{t("workflow.decisions.editorNote")}</span>
      </div>
      <p class="wf-dmn-status" role="status" aria-live="polite"></p>
      <ul class="wf-dmn-problems" aria-live="polite"></ul>
      <div class="wf-dmn-canvas" role="group" aria-label={t("workflow.decisions.canvas")}></div>
      <Card title={t("workflow.decisions.test")} class="wf-dmn-test">
        <form
          class="form"
          method="post"
          action={`${base}/test`}
          hx-post={`${base}/test`}
          hx-target="#wf-dmn-result"
          hx-swap="outerHTML"
        >
          <Field label={t("workflow.decisions.variables")} hint={t("workflow.decisions.testHint")}>
            <textarea name="variables" rows={4} autocomplete="off">{"{}"}</textarea>
          </Field>
          <Button type="submit" variant="secondary" icon="play">
            {t("workflow.decisions.evaluate")}
          </Button>
        </form>
        <div id="wf-dmn-result"></div>
      </Card>
      {DMN_SCRIPTS.map((src) => <script src={src} defer></script>)}
    </div>
  );
}
