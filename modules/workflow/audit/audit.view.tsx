import type { ComponentChildren } from "preact";
import {
  Button,
  Field,
  Filters,
  TextWithTimes,
  Timeline,
  type TimelineChange,
  type TimelineEntry,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import { AUDIT_CATEGORIES, type AuditEntry } from "./audit.schemas.ts";

export const AUDIT_RESULTS = "audit-results";
const LIST = "audit-list";

/** Fills a message's {placeholders} with elements (links), keeping the words around them. */
function fill(template: string, parts: Record<string, ComponentChildren>): ComponentChildren {
  return template.split(/(\{\w+\})/).map((piece) => {
    const m = /^\{(\w+)\}$/.exec(piece);
    return m ? (parts[m[1]] ?? "") : piece;
  });
}

function sentence(t: Translate, e: AuditEntry): ComponentChildren {
  const event = e.source === "task" ? `task.${e.event}` : e.event;
  // Events with a line of their own; others read as workflow.audit.ev.other.
  const key = knownKey(`workflow.audit.ev.${event}`, "workflow.audit.ev.other");
  const task = e.taskId
    ? <a href={`/workflow/tasks/${e.taskId}`}>{e.taskName}</a>
    : <strong>{e.taskName}</strong>;
  const name = e.definitionId && !e.subject
    ? <a href={`/workflow/admin/definitions/${e.definitionId}`}>{e.definitionName}</a>
    : <strong>{e.subject ?? e.definitionName}</strong>;
  return fill(t(key), { task, step: <strong>{e.elementName}</strong>, name });
}

const shown = (v: unknown): string | undefined =>
  v === null || v === undefined ? undefined : typeof v === "object" ? JSON.stringify(v) : String(v);

const FIELDS = [
  "name",
  "description",
  "category",
  "version",
  "note",
  "value",
  "removed",
  "historyTimeToLiveDays",
] as const;

/** Before → after, where the record has it. */
function changesOf(t: Translate, e: AuditEntry): TimelineChange[] {
  const out: TimelineChange[] = [];
  if (e.fromName || e.toName) {
    out.push({ label: t("workflow.audit.field.assignee"), from: e.fromName, to: e.toName });
  }
  const names = e.data.names;
  if (e.event === "variables.changed" && Array.isArray(names)) {
    out.push({ label: t("workflow.audit.field.variables"), to: names.join(", ") });
  }
  if (e.event === "incident.opened" && typeof e.data.message === "string") {
    out.push({
      label: t("workflow.audit.field.problem"),
      to: <TextWithTimes text={e.data.message} />,
    });
  }
  const moves = e.data.moves;
  if (e.event === "process.migrated" && Array.isArray(moves) && moves.length) {
    out.push({ label: t("workflow.audit.field.steps"), to: String(moves.length) });
  }
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  for (const k of FIELDS) {
    const from = shown(before[k]);
    const to = shown(after[k]);
    if ((from !== undefined || to !== undefined) && from !== to) {
      // Values are stored as written (a variable's text, a JSON value): times read as dates.
      out.push({
        label: t(`workflow.audit.field.${k}`),
        from: from && <TextWithTimes text={from} />,
        to: to === undefined ? "—" : <TextWithTimes text={to} />,
      });
    }
  }
  return out;
}

export function auditEntry(t: Translate, e: AuditEntry): TimelineEntry {
  return {
    who: e.actorId ? (e.actorName ?? t("workflow.audit.system")) : null,
    what: sentence(t, e),
    at: e.at,
    changes: changesOf(t, e),
    subject: e.instanceId
      ? { label: e.instanceName ?? "", href: `/workflow/processes/${e.instanceId}` }
      : undefined,
  };
}

/** The timeline and its "load more" (htmx appends the next lines; without script: next page). */
export function AuditList(
  { items, moreHref, filtered, csvHref }: {
    items: AuditEntry[];
    moreHref: string | null;
    filtered: boolean;
    csvHref: string;
  },
) {
  const t = useT();
  const moreId = `${LIST}-more`;
  return (
    <div id={AUDIT_RESULTS} class="card activity-results">
      <p>
        <Button href={csvHref} variant="secondary" icon="download" small>
          {t("workflow.audit.csv")}
        </Button>
      </p>
      <div id={LIST}>
        <Timeline
          label={t("workflow.audit.label")}
          systemName={t("workflow.audit.system")}
          entries={items.map((e) => auditEntry(t, e))}
          empty={t(filtered ? "workflow.audit.none" : "workflow.audit.empty")}
        />
      </div>
      <div id={moreId} class="load-more">
        {moreHref && (
          <a
            class="btn btn-secondary"
            href={moreHref}
            hx-get={moreHref}
            hx-target={`#${LIST} > .timeline`}
            hx-select={`#${LIST} .timeline > li`}
            hx-swap="beforeend"
            hx-select-oob={`#${moreId}`}
            hx-push-url="false"
          >
            {t("workflow.audit.more")}
          </a>
        )}
      </div>
    </div>
  );
}

export interface AuditFilterValues {
  category?: string;
  actorId?: string;
  definitionId?: string;
  instanceId?: string;
  from?: string;
  to?: string;
}

/** The filter bar: kind, person, definition, period. */
export function AuditFilters(
  { action, values, people, definitions }: {
    action: string;
    values: AuditFilterValues;
    people: { id: string; name: string }[];
    definitions: { id: string; name: string }[];
  },
) {
  const t = useT();
  return (
    <Filters action={action} target={`#${AUDIT_RESULTS}`} label={t("workflow.audit.filters")}>
      {values.instanceId && <input type="hidden" name="instanceId" value={values.instanceId} />}
      <Field label={t("workflow.audit.category")}>
        <select name="category">
          <option value="">{t("workflow.audit.all")}</option>
          {AUDIT_CATEGORIES.map((c) => (
            <option value={c} selected={values.category === c}>
              {t(`workflow.audit.cat.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("workflow.audit.person")}>
        <select name="actorId">
          <option value="">{t("workflow.audit.all")}</option>
          <option value="system" selected={values.actorId === "system"}>
            {t("workflow.audit.system")}
          </option>
          {people.map((p) => (
            <option value={p.id} selected={values.actorId === p.id}>{p.name}</option>
          ))}
        </select>
      </Field>
      <Field label={t("workflow.audit.definition")}>
        <select name="definitionId">
          <option value="">{t("workflow.audit.all")}</option>
          {definitions.map((d) => (
            <option value={d.id} selected={values.definitionId === d.id}>{d.name}</option>
          ))}
        </select>
      </Field>
      <Field label={t("workflow.audit.from")}>
        <input type="date" name="from" value={values.from ?? ""} />
      </Field>
      <Field label={t("workflow.audit.to")}>
        <input type="date" name="to" value={values.to ?? ""} />
      </Field>
    </Filters>
  );
}
