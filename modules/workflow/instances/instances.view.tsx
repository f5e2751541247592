import "./instances.messages.ts";
import { hasMessageKey, type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Badge,
  DataTable,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  StateBadge,
  TextWithTimes,
  UserChip,
} from "../../../ui/kit.ts";
import { type Instance, INSTANCE_STATES } from "./instances.schemas.ts";

/** An instance state as a coloured label. */
export function InstanceState({ l, state }: { l: Locale; state: string }) {
  return <StateBadge kind="process" value={state} label={t(l, `wfi.state.${state}`)} />;
}

/**
 * What went wrong at a step in people's words: the engine's message is English and names
 * expressions, so kinds we can explain get a sentence of their own in the reader's language.
 * Other messages (an agent's error) are shown as written, any time in them as a date.
 */
export function incidentMessage(
  l: Locale,
  i: { kind: string; message: string; elementName?: string | null },
) {
  const key = `wfi.incident.${i.kind}`;
  return hasMessageKey(key)
    ? t(l, key, { step: i.elementName ?? "" })
    : <TextWithTimes text={i.message} />;
}

/** "Purchase request · version 3". */
export const definitionLabel = (l: Locale, name: string, version: number) =>
  `${name} · ${t(l, "wfi.version", { n: version })}`;

export interface ListView {
  /** The page's own path (/workflow/processes or /workflow/my-processes). */
  path: string;
  items: Instance[];
  nextCursor: string | null;
  query: Record<string, string>;
  definitions: [string, string][];
}

function InstanceFilters({ l, v }: { l: Locale; v: ListView }) {
  const q = v.query;
  return (
    <Filters action={v.path} target="#wf-instances" label={t(l, "wfi.filters")}>
      <Field label={t(l, "wfi.search")} hint={t(l, "wfi.field.searchHint")}>
        <input name="q" type="search" value={q.q ?? ""} maxLength={200} />
      </Field>
      <Field label={t(l, "wfi.field.definition")}>
        <select name="definitionId">
          <option value="">{t(l, "wfi.all")}</option>
          {v.definitions.map(([id, name]) => (
            <option value={id} selected={q.definitionId === id}>{name}</option>
          ))}
        </select>
      </Field>
      <Field label={t(l, "wfi.field.state")}>
        <select name="state">
          <option value="">{t(l, "wfi.all")}</option>
          {INSTANCE_STATES.map((s) => (
            <option value={s} selected={q.state === s}>{t(l, `wfi.state.${s}`)}</option>
          ))}
        </select>
      </Field>
      <Field label={t(l, "wfi.field.startedFrom")}>
        <input name="startedFrom" type="date" value={q.startedFrom ?? ""} />
      </Field>
      <Field label={t(l, "wfi.field.startedTo")}>
        <input name="startedTo" type="date" value={q.startedTo ?? ""} />
      </Field>
      <Field label={t(l, "wfi.field.incidentsOnly")}>
        <input name="incident" type="checkbox" value="true" checked={q.incident === "true"} />
      </Field>
    </Filters>
  );
}

/** The table of instances; `more` keeps the filters. */
export function InstancesTable(
  { l, items, nextCursor, query, path, id = "wf-instances-table" }: {
    l: Locale;
    items: Instance[];
    nextCursor: string | null;
    query: Record<string, string>;
    path: string;
    id?: string;
  },
) {
  const more = nextCursor
    ? `${path}?${new URLSearchParams({ ...query, cursor: nextCursor })}`
    : undefined;
  return (
    <DataTable
      id={id}
      label={t(l, "wfi.instances.table")}
      rows={items}
      columns={[
        {
          label: t(l, "wfi.field.name"),
          cell: (r) => (
            <>
              <a href={`/workflow/processes/${r.id}`}>{r.name}</a>
              {r.businessKey && <div class="muted">{r.businessKey}</div>}
            </>
          ),
        },
        {
          label: t(l, "wfi.field.definition"),
          cell: (r) => definitionLabel(l, r.definitionName, r.version),
          wide: true,
        },
        { label: t(l, "wfi.field.state"), cell: (r) => <InstanceState l={l} state={r.state} /> },
        {
          label: t(l, "wfi.field.incidents"),
          cell: (r) =>
            r.incidentCount > 0
              ? (
                <Badge tone="red">
                  {r.incidentCount === 1
                    ? t(l, "wfi.incidentOne")
                    : t(l, "wfi.incidentCount", { n: r.incidentCount })}
                </Badge>
              )
              : "",
        },
        {
          label: t(l, "wfi.field.startedBy"),
          cell: (r) => <UserChip name={r.startedByName} none={t(l, "wfi.system")} />,
          wide: true,
        },
        { label: t(l, "wfi.field.started"), cell: (r) => <RelativeTime at={r.startedAt} /> },
      ]}
      empty={
        <EmptyState icon="workflow" title={t(l, "wfi.instances.none")}>
          {t(l, "wfi.instances.noneText")}
        </EmptyState>
      }
      more={more ? { href: more, label: t(l, "wfi.more") } : undefined}
    />
  );
}

/** The list pages' body: filters and the table (the htmx target of the filters). */
export function InstancesPanel({ l, v }: { l: Locale; v: ListView }) {
  return (
    <>
      <InstanceFilters l={l} v={v} />
      <div id="wf-instances">
        <InstancesTable
          l={l}
          items={v.items}
          nextCursor={v.nextCursor}
          query={v.query}
          path={v.path}
        />
      </div>
    </>
  );
}
