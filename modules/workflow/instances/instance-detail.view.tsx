import "./instances.messages.ts";
import { hasMessageKey, type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  RelativeTime,
  StateBadge,
  Timeline,
  type TimelineEntry,
  Toast,
  UserChip,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import { ProcessDiagram } from "../designer/diagram.view.tsx";
import type { HistoryEntry, InstanceDetail } from "./instances.schemas.ts";
import { definitionLabel, incidentMessage, InstanceState } from "./instances.view.tsx";

export interface DetailView {
  d: InstanceDetail;
  history: HistoryEntry[];
  xml: string | null;
  canManage: boolean;
  flash?: Flash;
}

const base = (d: InstanceDetail) => `/workflow/processes/${d.id}`;

/** A small form that posts one action (suspend, resume, retry, skip) and comes back. */
function ActionButton(
  { href, label, icon, variant = "secondary" }: {
    href: string;
    label: string;
    icon: string;
    variant?: "secondary" | "ghost" | "danger";
  },
) {
  return (
    <form method="post" action={href} class="inline">
      <Button type="submit" variant={variant} icon={icon} small>{label}</Button>
    </form>
  );
}

/** What an admin may do with the instance, right of the title. */
export function InstanceActions({ l, v }: { l: Locale; v: DetailView }) {
  const d = v.d;
  if (!v.canManage || !["active", "suspended"].includes(d.state)) return null;
  return (
    <>
      {d.state === "active" && (
        <ActionButton
          href={`${base(d)}/suspend`}
          label={t(l, "wfi.instance.suspend")}
          icon="pause"
        />
      )}
      {d.state === "suspended" && (
        <ActionButton href={`${base(d)}/resume`} label={t(l, "wfi.instance.resume")} icon="play" />
      )}
      <Dialog
        id="wf-cancel"
        title={t(l, "wfi.instance.cancelTitle")}
        trigger={t(l, "wfi.instance.cancel")}
        icon="circle-x"
        variant="danger"
        small
        closeLabel={t(l, "wfi.close")}
      >
        <form method="post" action={`${base(d)}/cancel`} class="form">
          <p>{t(l, "wfi.instance.cancelText")}</p>
          <Field label={t(l, "wfi.instance.reason")} wide>
            <textarea name="reason" maxLength={1000} rows={3}></textarea>
          </Field>
          <Button type="submit" variant="danger">{t(l, "wfi.instance.cancel")}</Button>
        </form>
      </Dialog>
    </>
  );
}

function Tasks({ l, d }: { l: Locale; d: InstanceDetail }) {
  return (
    <Card title={t(l, "wfi.instance.tasks")} flush>
      <DataTable
        id="wf-instance-tasks"
        label={t(l, "wfi.instance.tasks")}
        rows={d.openTasks}
        columns={[
          {
            label: t(l, "wfi.instance.task"),
            cell: (r) => <a href={`/workflow/tasks/${r.id}`}>{r.name}</a>,
          },
          {
            label: t(l, "wfi.instance.assignee"),
            cell: (r) => <UserChip name={r.assigneeName} none={t(l, "wfi.unassigned")} />,
          },
          {
            label: t(l, "wfi.instance.priority"),
            cell: (r) => (
              <StateBadge
                kind="priority"
                value={r.priority}
                label={t(l, `wfi.priority.${r.priority}`)}
              />
            ),
            wide: true,
          },
          {
            label: t(l, "wfi.instance.due"),
            cell: (r) => <RelativeTime at={r.dueAt} />,
            wide: true,
          },
        ]}
        empty={<p class="muted card-pad">{t(l, "wfi.instance.noTasks")}</p>}
      />
    </Card>
  );
}

function Incidents({ l, v }: { l: Locale; v: DetailView }) {
  const d = v.d;
  if (!d.incidents.length) return null;
  return (
    <Card title={t(l, "wfi.instance.incidents")} flush>
      <DataTable
        id="wf-instance-incidents"
        label={t(l, "wfi.instance.incidents")}
        rows={d.incidents}
        columns={[
          { label: t(l, "wfi.instance.step"), cell: (r) => r.elementName },
          {
            label: t(l, "wfi.instance.message"),
            cell: (r) => incidentMessage(l, r),
          },
          {
            label: t(l, "wfi.instance.since"),
            cell: (r) => <RelativeTime at={r.createdAt} />,
            wide: true,
          },
        ]}
        actionsLabel={t(l, "wfi.instance.incidents")}
        actions={v.canManage
          ? (r) => (
            <span class="card-actions">
              <ActionButton
                href={`${base(d)}/incidents/${r.id}/retry`}
                label={t(l, "wfi.instance.retry")}
                icon="rotate-ccw"
              />
              <ActionButton
                href={`${base(d)}/incidents/${r.id}/skip`}
                label={t(l, "wfi.instance.skip")}
                icon="skip-forward"
                variant="ghost"
              />
            </span>
          )
          : undefined}
      />
    </Card>
  );
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 200 ? text.slice(0, 200) + "…" : text;
};

/** People the page knows by id (the engine keeps `starter` as a user id): shown by name. */
function knownPeople(d: InstanceDetail) {
  const people = new Map<string, string>();
  if (d.startedBy && d.startedByName) people.set(d.startedBy, d.startedByName);
  for (const task of d.openTasks) {
    if (task.assignee && task.assigneeName) people.set(task.assignee, task.assigneeName);
  }
  return people;
}

function Variables({ l, v }: { l: Locale; v: DetailView }) {
  const d = v.d;
  const people = knownPeople(d);
  const rows = Object.entries(d.variables).sort(([a], [b]) => a.localeCompare(b)).slice(0, 200)
    .map(([name, value], i) => ({ name, value, i }));
  const editable = v.canManage && ["active", "suspended"].includes(d.state);
  return (
    <Card title={t(l, "wfi.instance.variables")} flush>
      <DataTable
        id="wf-instance-variables"
        label={t(l, "wfi.instance.variables")}
        rows={rows}
        columns={[
          { label: t(l, "wfi.instance.variable"), cell: (r) => <code>{r.name}</code> },
          {
            label: t(l, "wfi.instance.value"),
            cell: (r) =>
              typeof r.value === "string" && people.has(r.value)
                ? <UserChip name={people.get(r.value)} />
                : <code class="wf-value">{shown(r.value)}</code>,
          },
        ]}
        actionsLabel={t(l, "wfi.instance.edit")}
        actions={editable
          ? (r) => (
            <Dialog
              id={`wf-var-${r.i}`}
              title={t(l, "wfi.instance.editVariable", { name: r.name })}
              trigger={t(l, "wfi.instance.edit")}
              triggerLabel={t(l, "wfi.instance.editVariable", { name: r.name })}
              icon="pencil"
              iconOnly
              closeLabel={t(l, "wfi.close")}
            >
              <form method="post" action={`${base(d)}/variables`} class="form">
                <input type="hidden" name="name" value={r.name} />
                <Field
                  label={t(l, "wfi.instance.value")}
                  hint={t(l, "wfi.instance.valueHint")}
                  wide
                >
                  <textarea name="value" rows={6} required>
                    {JSON.stringify(r.value, null, 2)}
                  </textarea>
                </Field>
                <Button type="submit">{t(l, "wfi.instance.save")}</Button>
              </form>
            </Dialog>
          )
          : undefined}
        empty={<p class="muted card-pad">{t(l, "wfi.instance.noVariables")}</p>}
      />
    </Card>
  );
}

const ICONS: Record<string, string> = {
  "process.started": "play",
  "process.completed": "circle-check",
  "process.cancelled": "circle-x",
  "process.terminated": "octagon-x",
  "process.suspended": "pause",
  "process.resumed": "play",
  "element.completed": "check",
  "element.started": "arrow-right",
  "element.cancelled": "x",
  "incident.opened": "triangle-alert",
  "variables.changed": "pencil",
  "timer.fired": "timer",
};

/** History rows in people's words: the step's name, the person's name, no codes. */
export function timelineEntries(l: Locale, items: HistoryEntry[]): TimelineEntry[] {
  return items.map((h) => {
    const key = `wfi.event.${h.event}`;
    const step = h.elementName ?? "";
    const names = Array.isArray(h.data.names) ? h.data.names.map(String).join(", ") : null;
    const reason = typeof h.data.reason === "string" && h.data.reason ? h.data.reason : null;
    const message = typeof h.data.message === "string"
      ? incidentMessage(l, {
        kind: String(h.data.kind ?? ""),
        message: h.data.message,
        elementName: step,
      })
      : null;
    return {
      who: h.actorName,
      what: t(l, hasMessageKey(key) ? key : "wfi.event.other", { step }),
      at: h.at,
      icon: ICONS[h.event] ?? "circle-dot",
      changes: names ? [{ label: t(l, "wfi.event.variables"), to: names }] : undefined,
      body: reason ?? message ?? undefined,
    };
  });
}

/** The instance page: state, diagram, what waits or failed, variables, timeline. */
export function InstanceDetailView({ l, v }: { l: Locale; v: DetailView }) {
  const d = v.d;
  return (
    <div class="wf-instance stack">
      <Toast flash={v.flash} id="wf-instance-flash" />
      <Card>
        <dl class="facts">
          <div>
            <dt>{t(l, "wfi.field.state")}</dt>
            <dd>
              <InstanceState l={l} state={d.state} />
            </dd>
          </div>
          <div>
            <dt>{t(l, "wfi.field.definition")}</dt>
            <dd>{definitionLabel(l, d.definitionName, d.version)}</dd>
          </div>
          {d.businessKey && (
            <div>
              <dt>{t(l, "wfi.field.businessKey")}</dt>
              <dd>{d.businessKey}</dd>
            </div>
          )}
          <div>
            <dt>{t(l, "wfi.field.startedBy")}</dt>
            <dd>
              <UserChip name={d.startedByName} none={t(l, "wfi.system")} />
            </dd>
          </div>
          <div>
            <dt>{t(l, "wfi.field.started")}</dt>
            <dd>
              <RelativeTime at={d.startedAt} />
            </dd>
          </div>
          {d.endedAt && (
            <div>
              <dt>{t(l, "wfi.field.ended")}</dt>
              <dd>
                <RelativeTime at={d.endedAt} />
              </dd>
            </div>
          )}
          {d.parentInstanceId && (
            <div>
              <dt>{t(l, "wfi.instance.parent")}</dt>
              <dd>
                <a href={`/workflow/processes/${d.parentInstanceId}`}>
                  {t(l, "wfi.instance.openParent")}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </Card>
      {v.xml && (
        <Card title={t(l, "wfi.instance.diagram")}>
          <ProcessDiagram
            xml={v.xml}
            done={d.doneElementIds}
            active={d.activeElementIds}
            incidents={d.incidentElementIds}
          />
        </Card>
      )}
      <Incidents l={l} v={v} />
      <Tasks l={l} d={d} />
      <Variables l={l} v={v} />
      <Card title={t(l, "wfi.instance.timeline")}>
        <Timeline
          label={t(l, "wfi.instance.timeline")}
          systemName={t(l, "wfi.system")}
          entries={timelineEntries(l, v.history)}
          empty={<EmptyState title={t(l, "wfi.instance.noHistory")} />}
        />
      </Card>
    </div>
  );
}
