import "./instances.messages.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
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
  type Translate,
  UserChip,
  useT,
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
export function InstanceActions({ v }: { v: DetailView }) {
  const t = useT();
  const d = v.d;
  if (!v.canManage || !["active", "suspended"].includes(d.state)) return null;
  return (
    <>
      {d.state === "active" && (
        <ActionButton
          href={`${base(d)}/suspend`}
          label={t("wfi.instance.suspend")}
          icon="pause"
        />
      )}
      {d.state === "suspended" && (
        <ActionButton href={`${base(d)}/resume`} label={t("wfi.instance.resume")} icon="play" />
      )}
      <Dialog
        id="wf-cancel"
        title={t("wfi.instance.cancelTitle")}
        trigger={t("wfi.instance.cancel")}
        icon="circle-x"
        variant="danger"
        small
        closeLabel={t("wfi.close")}
      >
        <form method="post" action={`${base(d)}/cancel`} class="form">
          <p>{t("wfi.instance.cancelText")}</p>
          <Field label={t("wfi.instance.reason")} wide>
            <textarea name="reason" maxLength={1000} rows={3}></textarea>
          </Field>
          <Button type="submit" variant="danger">{t("wfi.instance.cancel")}</Button>
        </form>
      </Dialog>
    </>
  );
}

function Tasks({ d }: { d: InstanceDetail }) {
  const t = useT();
  return (
    <Card title={t("wfi.instance.tasks")} flush>
      <DataTable
        id="wf-instance-tasks"
        label={t("wfi.instance.tasks")}
        rows={d.openTasks}
        columns={[
          {
            label: t("wfi.instance.task"),
            cell: (r) => <a href={`/workflow/tasks/${r.id}`}>{r.name}</a>,
          },
          {
            label: t("wfi.instance.assignee"),
            cell: (r) => <UserChip name={r.assigneeName} none={t("wfi.unassigned")} />,
          },
          {
            label: t("wfi.instance.priority"),
            cell: (r) => (
              <StateBadge
                kind="priority"
                value={r.priority}
                label={t(knownKey(`wfi.priority.${r.priority}`, "wfi.priority.normal"))}
              />
            ),
            wide: true,
          },
          {
            label: t("wfi.instance.due"),
            cell: (r) => <RelativeTime at={r.dueAt} />,
            wide: true,
          },
        ]}
        empty={<p class="muted card-pad">{t("wfi.instance.noTasks")}</p>}
      />
    </Card>
  );
}

function Incidents({ v }: { v: DetailView }) {
  const t = useT();
  const d = v.d;
  if (!d.incidents.length) return null;
  return (
    <Card title={t("wfi.instance.incidents")} flush>
      <DataTable
        id="wf-instance-incidents"
        label={t("wfi.instance.incidents")}
        rows={d.incidents}
        columns={[
          { label: t("wfi.instance.step"), cell: (r) => r.elementName },
          {
            label: t("wfi.instance.message"),
            cell: (r) => incidentMessage(t, r),
          },
          {
            label: t("wfi.instance.since"),
            cell: (r) => <RelativeTime at={r.createdAt} />,
            wide: true,
          },
        ]}
        actionsLabel={t("wfi.instance.incidents")}
        actions={v.canManage
          ? (r) => (
            <span class="card-actions">
              <ActionButton
                href={`${base(d)}/incidents/${r.id}/retry`}
                label={t("wfi.instance.retry")}
                icon="rotate-ccw"
              />
              <ActionButton
                href={`${base(d)}/incidents/${r.id}/skip`}
                label={t("wfi.instance.skip")}
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

function Variables({ v }: { v: DetailView }) {
  const t = useT();
  const d = v.d;
  const people = knownPeople(d);
  const rows = Object.entries(d.variables).sort(([a], [b]) => a.localeCompare(b)).slice(0, 200)
    .map(([name, value], i) => ({ name, value, i }));
  const editable = v.canManage && ["active", "suspended"].includes(d.state);
  return (
    <Card title={t("wfi.instance.variables")} flush>
      <DataTable
        id="wf-instance-variables"
        label={t("wfi.instance.variables")}
        rows={rows}
        columns={[
          { label: t("wfi.instance.variable"), cell: (r) => <code>{r.name}</code> },
          {
            label: t("wfi.instance.value"),
            cell: (r) =>
              typeof r.value === "string" && people.has(r.value)
                ? <UserChip name={people.get(r.value)} />
                : <code class="wf-value">{shown(r.value)}</code>,
          },
        ]}
        actionsLabel={t("wfi.instance.edit")}
        actions={editable
          ? (r) => (
            <Dialog
              id={`wf-var-${r.i}`}
              title={t("wfi.instance.editVariable", { name: r.name })}
              trigger={t("wfi.instance.edit")}
              triggerLabel={t("wfi.instance.editVariable", { name: r.name })}
              icon="pencil"
              iconOnly
              closeLabel={t("wfi.close")}
            >
              <form method="post" action={`${base(d)}/variables`} class="form">
                <input type="hidden" name="name" value={r.name} />
                <Field
                  label={t("wfi.instance.value")}
                  hint={t("wfi.instance.valueHint")}
                  wide
                >
                  <textarea name="value" rows={6} required>
                    {JSON.stringify(r.value, null, 2)}
                  </textarea>
                </Field>
                <Button type="submit">{t("wfi.instance.save")}</Button>
              </form>
            </Dialog>
          )
          : undefined}
        empty={<p class="muted card-pad">{t("wfi.instance.noVariables")}</p>}
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
  "message.received": "mail",
  "signal.received": "radio",
  "signal.thrown": "radio",
};

/** History rows in people's words: the step's name, the person's name, no codes. */
export function timelineEntries(t: Translate, items: HistoryEntry[]): TimelineEntry[] {
  return items.map((h) => {
    const step = h.elementName ?? "";
    const names = Array.isArray(h.data.names) ? h.data.names.map(String).join(", ") : null;
    const reason = typeof h.data.reason === "string" && h.data.reason ? h.data.reason : null;
    const message = typeof h.data.message === "string"
      ? incidentMessage(t, {
        kind: String(h.data.kind ?? ""),
        message: h.data.message,
        elementName: step,
      })
      : null;
    return {
      who: h.actorName,
      what: t(knownKey(`wfi.event.${h.event}`, "wfi.event.other"), { step }),
      at: h.at,
      icon: ICONS[h.event] ?? "circle-dot",
      changes: names ? [{ label: t("wfi.event.variables"), to: names }] : undefined,
      body: reason ?? message ?? undefined,
    };
  });
}

/** The instance page: state, diagram, what waits or failed, variables, timeline. */
export function InstanceDetailView({ v }: { v: DetailView }) {
  const t = useT();
  const d = v.d;
  return (
    <div class="wf-instance stack">
      <Toast flash={v.flash} id="wf-instance-flash" />
      <Card>
        <dl class="facts">
          <div>
            <dt>{t("wfi.field.state")}</dt>
            <dd>
              <InstanceState state={d.state} />
            </dd>
          </div>
          <div>
            <dt>{t("wfi.field.definition")}</dt>
            <dd>{definitionLabel(t, d.definitionName, d.version)}</dd>
          </div>
          {d.businessKey && (
            <div>
              <dt>{t("wfi.field.businessKey")}</dt>
              <dd>{d.businessKey}</dd>
            </div>
          )}
          <div>
            <dt>{t("wfi.field.startedBy")}</dt>
            <dd>
              <UserChip name={d.startedByName} none={t("wfi.system")} />
            </dd>
          </div>
          <div>
            <dt>{t("wfi.field.started")}</dt>
            <dd>
              <RelativeTime at={d.startedAt} />
            </dd>
          </div>
          {d.endedAt && (
            <div>
              <dt>{t("wfi.field.ended")}</dt>
              <dd>
                <RelativeTime at={d.endedAt} />
              </dd>
            </div>
          )}
          {d.parentInstanceId && (
            <div>
              <dt>{t("wfi.instance.parent")}</dt>
              <dd>
                <a href={`/workflow/processes/${d.parentInstanceId}`}>
                  {t("wfi.instance.openParent")}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </Card>
      {v.xml && (
        <Card title={t("wfi.instance.diagram")}>
          <ProcessDiagram
            xml={v.xml}
            done={d.doneElementIds}
            active={d.activeElementIds}
            incidents={d.incidentElementIds}
          />
        </Card>
      )}
      <Incidents v={v} />
      <Tasks d={d} />
      <Variables v={v} />
      <Card title={t("wfi.instance.timeline")}>
        <Timeline
          label={t("wfi.instance.timeline")}
          systemName={t("wfi.system")}
          entries={timelineEntries(t, v.history)}
          empty={<EmptyState title={t("wfi.instance.noHistory")} />}
        />
      </Card>
    </div>
  );
}
