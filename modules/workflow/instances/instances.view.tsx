import "./instances.messages.ts";
import {
  Badge,
  DataTable,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  StateBadge,
  TextWithTimes,
  type Translate,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import {
  type Instance,
  INSTANCE_STATES,
  type InstanceState as InstanceStateValue,
} from "./instances.schemas.ts";

/** An instance state as a coloured label. */
export function InstanceState({ state }: { state: InstanceStateValue }) {
  const t = useT();
  return <StateBadge kind="process" value={state} label={t(`wfi.state.${state}`)} />;
}

/** Incident kinds that have a sentence of their own (`wfi.incident.<kind>`). */
const EXPLAINED_INCIDENTS = ["no-matching-flow", "script-timeout", "uncaught-error"] as const;
const isExplained = (kind: string): kind is (typeof EXPLAINED_INCIDENTS)[number] =>
  (EXPLAINED_INCIDENTS as readonly string[]).includes(kind);

/**
 * What went wrong at a step in people's words: the engine's message is English and names
 * expressions, so kinds we can explain get a sentence of their own in the reader's language.
 * Other messages (an agent's error) are shown as written, any time in them as a date.
 */
export function incidentMessage(
  t: Translate,
  i: { kind: string; message: string; elementName?: string | null },
) {
  return isExplained(i.kind)
    ? t(`wfi.incident.${i.kind}`, { step: i.elementName ?? "" })
    : <TextWithTimes text={i.message} />;
}

/** "Purchase request · version 3". */
export const definitionLabel = (t: Translate, name: string, version: number) =>
  `${name} · ${t("wfi.version", { n: version })}`;

export interface ListView {
  /** The page's own path (/workflow/processes or /workflow/my-processes). */
  path: string;
  items: Instance[];
  nextCursor: string | null;
  query: Record<string, string>;
  definitions: [string, string][];
}

function InstanceFilters({ v }: { v: ListView }) {
  const t = useT();
  const q = v.query;
  return (
    <Filters action={v.path} target="#wf-instances" label={t("wfi.filters")}>
      <Field label={t("wfi.search")} hint={t("wfi.field.searchHint")}>
        <input name="q" type="search" value={q.q ?? ""} maxLength={200} />
      </Field>
      <Field label={t("wfi.field.definition")}>
        <select name="definitionId">
          <option value="">{t("wfi.all")}</option>
          {v.definitions.map(([id, name]) => (
            <option value={id} selected={q.definitionId === id}>{name}</option>
          ))}
        </select>
      </Field>
      <Field label={t("wfi.field.state")}>
        <select name="state">
          <option value="">{t("wfi.all")}</option>
          {INSTANCE_STATES.map((s) => (
            <option value={s} selected={q.state === s}>{t(`wfi.state.${s}`)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("wfi.field.startedFrom")}>
        <input name="startedFrom" type="date" value={q.startedFrom ?? ""} />
      </Field>
      <Field label={t("wfi.field.startedTo")}>
        <input name="startedTo" type="date" value={q.startedTo ?? ""} />
      </Field>
      <Field label={t("wfi.field.incidentsOnly")}>
        <input name="incident" type="checkbox" value="true" checked={q.incident === "true"} />
      </Field>
    </Filters>
  );
}

/** The table of instances; `more` keeps the filters. */
export function InstancesTable(
  { items, nextCursor, query, path, id = "wf-instances-table" }: {
    items: Instance[];
    nextCursor: string | null;
    query: Record<string, string>;
    path: string;
    id?: string;
  },
) {
  const t = useT();
  const more = nextCursor
    ? `${path}?${new URLSearchParams({ ...query, cursor: nextCursor })}`
    : undefined;
  return (
    <DataTable
      id={id}
      label={t("wfi.instances.table")}
      rows={items}
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
        {
          label: t("wfi.field.definition"),
          cell: (r) => definitionLabel(t, r.definitionName, r.version),
          wide: true,
        },
        { label: t("wfi.field.state"), cell: (r) => <InstanceState state={r.state} /> },
        {
          label: t("wfi.field.incidents"),
          cell: (r) =>
            r.incidentCount > 0
              ? (
                <Badge tone="red">
                  {r.incidentCount === 1
                    ? t("wfi.incidentOne")
                    : t("wfi.incidentCount", { n: r.incidentCount })}
                </Badge>
              )
              : "",
        },
        {
          label: t("wfi.field.startedBy"),
          cell: (r) => <UserChip name={r.startedByName} none={t("wfi.system")} />,
          wide: true,
        },
        { label: t("wfi.field.started"), cell: (r) => <RelativeTime at={r.startedAt} /> },
      ]}
      empty={
        <EmptyState icon="workflow" title={t("wfi.instances.none")}>
          {t("wfi.instances.noneText")}
        </EmptyState>
      }
      more={more ? { href: more, label: t("wfi.more") } : undefined}
    />
  );
}

/** The list pages' body: filters and the table (the htmx target of the filters). */
export function InstancesPanel({ v }: { v: ListView }) {
  return (
    <>
      <InstanceFilters v={v} />
      <div id="wf-instances">
        <InstancesTable
          items={v.items}
          nextCursor={v.nextCursor}
          query={v.query}
          path={v.path}
        />
      </div>
    </>
  );
}
