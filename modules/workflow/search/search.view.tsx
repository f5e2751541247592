import "../instances/instances.messages.ts";
import {
  Card,
  DataTable,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import { InstanceState } from "../instances/instances.view.tsx";
import type { ProcessHit, SearchCriteria, TaskHit } from "./search.schemas.ts";

type Choice = { id: string; name: string };

export interface SearchView {
  criteria: SearchCriteria;
  /** Null before a long enough query or any filter. */
  found: { processes: ProcessHit[]; tasks: TaskHit[] } | null;
  definitions: Choice[];
  people: Choice[];
}

function ChoiceSelect(
  { name, value, choices }: { name: string; value?: string; choices: Choice[] },
) {
  const t = useT();
  return (
    <select name={name}>
      <option value="">{t("wfi.all")}</option>
      {choices.map((o) => <option value={o.id} selected={value === o.id}>{o.name}</option>)}
    </select>
  );
}

function Results({ v }: { v: SearchView }) {
  const t = useT();
  const f = v.found;
  if (!f) return <p class="muted">{t("wfi.search.prompt")}</p>;
  if (!f.processes.length && !f.tasks.length) {
    return <EmptyState icon="search-x" title={t("wfi.search.nothing")} />;
  }
  return (
    <div class="stack">
      {f.processes.length > 0 && (
        <Card title={t("wfi.search.processes")} flush>
          <DataTable
            id="wf-search-processes"
            label={t("wfi.search.processes")}
            rows={f.processes}
            columns={[
              {
                label: t("wfi.field.name"),
                cell: (r) => (
                  <>
                    <a href={`/workflow/processes/${r.id}`}>{r.name}</a>
                    {r.businessKey && <div class="muted">{r.businessKey}</div>}
                  </>
                ),
              },
              { label: t("wfi.field.definition"), cell: (r) => r.definitionName, wide: true },
              {
                label: t("wfi.field.state"),
                cell: (r) => <InstanceState state={r.state} />,
              },
              { label: t("wfi.field.started"), cell: (r) => <RelativeTime at={r.startedAt} /> },
            ]}
          />
        </Card>
      )}
      {f.tasks.length > 0 && (
        <Card title={t("wfi.search.tasks")} flush>
          <DataTable
            id="wf-search-tasks"
            label={t("wfi.search.tasks")}
            rows={f.tasks}
            columns={[
              {
                label: t("wfi.instance.task"),
                cell: (r) => <a href={`/workflow/tasks/${r.id}`}>{r.name}</a>,
              },
              { label: t("wfi.field.name"), cell: (r) => r.instanceName ?? "", wide: true },
              {
                label: t("wfi.instance.assignee"),
                cell: (r) => <UserChip name={r.assigneeName} none={t("wfi.unassigned")} />,
              },
              { label: t("wfi.field.started"), cell: (r) => <RelativeTime at={r.createdAt} /> },
            ]}
          />
        </Card>
      )}
    </div>
  );
}

/**
 * Free text over names, business keys and variable values, narrowed by definition, assignee,
 * days and one variable's value; results update as people type (htmx), the query stays in the
 * URL.
 */
export function WorkflowSearch({ v }: { v: SearchView }) {
  const t = useT();
  const c = v.criteria;
  return (
    <>
      <Filters
        action="/workflow/search"
        target="#wf-search-results"
        label={t("wfi.search.label")}
      >
        <Field label={t("wfi.search.label")} hint={t("wfi.search.hint")}>
          <input type="search" name="q" value={c.q} maxLength={200} autocomplete="off" />
        </Field>
        <Field label={t("wfi.field.definition")}>
          <ChoiceSelect name="definitionId" value={c.definitionId} choices={v.definitions} />
        </Field>
        <Field label={t("wfi.instance.assignee")}>
          <ChoiceSelect name="assignee" value={c.assignee} choices={v.people} />
        </Field>
        <Field label={t("wfi.search.from")}>
          <input name="from" type="date" value={c.from ?? ""} />
        </Field>
        <Field label={t("wfi.search.to")}>
          <input name="to" type="date" value={c.to ?? ""} />
        </Field>
        <Field label={t("wfi.search.variable")}>
          <input name="variable" value={c.variable ?? ""} maxLength={100} autocomplete="off" />
        </Field>
        <Field label={t("wfi.search.value")}>
          <input name="value" value={c.value ?? ""} maxLength={200} autocomplete="off" />
        </Field>
      </Filters>
      <div id="wf-search-results" aria-live="polite">
        <Results v={v} />
      </div>
    </>
  );
}
