import type { ActivityEntry, Json } from "./activity.schemas.ts";
import {
  EmptyState,
  Field,
  Filters,
  moduleLabel,
  Timeline,
  type TimelineChange,
  type TimelineEntry,
  type Translate,
  useReader,
  useT,
} from "../../ui/kit.ts";
import { defaultHistoryLabels, type HistoryLabels } from "./activity.labels.lib.ts";

/** The query a timeline was filtered with, as URL parameters (empty values left out). */
export type TimelineQuery = Record<string, string>;

export interface TimelineProps {
  items: ActivityEntry[];
  nextCursor: string | null;
  /** The page that serves this timeline (plain link) and its next pages (htmx). */
  href?: string;
  query?: TimelineQuery;
  /** Shows what each line is about (timelines across records). */
  showSubject?: boolean;
  /** Also names each line's module (timelines across modules; implies showSubject). */
  showModule?: boolean;
  /** Whether filters are applied (changes the empty state). */
  filtered?: boolean;
  /** How verbs, fields and values read; default: the generic labels. */
  labels?: HistoryLabels;
  /** Names of the members the lines' people fields mention (see peopleNames). */
  names?: ReadonlyMap<string, string>;
  /** id of the list; "load more" appends to it. Default `activity-list`. */
  listId?: string;
}

/** Verbs whose diff is the whole record: the line says it, the fields would only repeat it. */
const WHOLE_RECORD = new Set(["created", "deleted", "purged", "trashed"]);

const ICONS: Record<string, string> = {
  created: "plus",
  updated: "pencil",
  deleted: "trash-2",
  restored: "archive-restore",
  moved: "folder-input",
  renamed: "text-cursor-input",
  shared: "share-2",
  commented: "message-square",
  assigned: "user-plus",
  closed: "circle-check",
  reopened: "rotate-ccw",
};

function url(href: string, query: TimelineQuery, extra: TimelineQuery) {
  const params = new URLSearchParams({ ...query, ...extra });
  return `${href}?${params}`;
}

/** A people field's value: member names, "Removed user" for ids no longer known here. */
function personValue(t: Translate, names: ReadonlyMap<string, string>, v: Json): string {
  if (v === null || v === "") return "";
  if (Array.isArray(v)) return v.map((x) => personValue(t, names, x)).filter(Boolean).join(", ");
  if (typeof v !== "string") return "";
  return names.get(v.toLowerCase()) ?? t("activity.unknownUser");
}

/** The changed fields people may read: labelled ones only, values as labels or names. */
function changesOf(
  t: Translate,
  e: ActivityEntry,
  labels: HistoryLabels,
  names: ReadonlyMap<string, string>,
): TimelineChange[] {
  if (WHOLE_RECORD.has(e.action) || !e.changes || typeof e.changes !== "object") return [];
  const people = labels.people ?? [];
  const out: TimelineChange[] = [];
  for (const [name, change] of Object.entries(e.changes)) {
    const label = labels.field(e.entityType, name);
    if (!label) continue;
    const show = (v: Json) =>
      people.includes(name) ? personValue(t, names, v) : labels.value(e.entityType, name, v);
    const from = show(change?.from ?? null);
    const to = show(change?.to ?? null);
    if (from === to) continue;
    out.push({ label, from: from || undefined, to: to || t("activity.none") });
  }
  return out;
}

/** One activity line as the kit's Timeline draws it. */
export function timelineEntry(
  t: Translate,
  e: ActivityEntry,
  opts: {
    labels: HistoryLabels;
    names?: ReadonlyMap<string, string>;
    showSubject?: boolean;
    showModule?: boolean;
  },
): TimelineEntry {
  const { labels, showModule } = opts;
  const shown = opts.showSubject || showModule;
  const subject = shown ? labels.subject?.(e) : undefined;
  const module = showModule ? moduleLabel(t, e.module) : undefined;
  const label = [module, subject?.label].filter(Boolean).join(" · ");
  return {
    who: e.actorName ?? (e.actorId ? t("activity.unknownUser") : null),
    what: labels.action(e.action, e.entityType),
    at: e.occurredAt,
    icon: ICONS[e.action] ?? "circle-dot",
    changes: changesOf(t, e, labels, opts.names ?? new Map()),
    subject: label ? { label, href: subject?.href } : undefined,
  };
}

/**
 * The lines as a kit Timeline (no load more): for cards that show the latest few, e.g. a
 * dashboard's "recent activity".
 */
export function ActivityItems(props: TimelineProps) {
  const { items, showModule, showSubject, names } = props;
  const t = useT();
  const { locale } = useReader();
  const labels = props.labels ?? defaultHistoryLabels({ locale });
  return (
    <Timeline
      label={t("activity.list")}
      systemName={t("activity.system")}
      entries={items.map((e) => timelineEntry(t, e, { labels, names, showSubject, showModule }))}
      empty={t(props.filtered ? "activity.emptyFiltered" : "activity.empty")}
    />
  );
}

/** One line on its own (prefer ActivityItems for several: one list, one heading). */
export function ActivityItem(
  { entry, ...props }: Omit<TimelineProps, "items" | "nextCursor"> & { entry: ActivityEntry },
) {
  return <ActivityItems {...props} items={[entry]} nextCursor={null} />;
}

/**
 * The "load more" of a timeline: htmx fetches the next lines (`part=items`), appends them to
 * the list and replaces this link with the next one; without script it opens the next page.
 */
export function ActivityMore(
  { nextCursor, href, query = {}, listId = "activity-list" }: TimelineProps,
) {
  const t = useT();
  const id = `${listId}-more`;
  if (!nextCursor || !href) return <div id={id}></div>;
  return (
    <div id={id} class="load-more">
      <a
        class="btn btn-secondary"
        href={url(href, query, { cursor: nextCursor })}
        hx-get={url(href, query, { cursor: nextCursor, part: "items", list: listId })}
        hx-target={`#${listId} > .timeline`}
        hx-select=".timeline > li"
        hx-swap="beforeend"
        hx-select-oob={`#${id}`}
        hx-push-url="false"
      >
        {t("activity.more")}
      </a>
    </div>
  );
}

/** The answer to "load more": the next lines and the next link, for ActivityMore to take. */
export function ActivityNextItems(props: TimelineProps) {
  return (
    <>
      <ActivityItems {...props} />
      <ActivityMore {...props} />
    </>
  );
}

/** The list with its "load more", or its empty state. */
export function ActivityList(props: TimelineProps) {
  const { items, filtered, listId = "activity-list" } = props;
  const t = useT();
  if (items.length === 0) {
    return (
      <div id={listId}>
        <EmptyState
          icon="history"
          title={t(filtered ? "activity.emptyFiltered" : "activity.empty")}
        />
      </div>
    );
  }
  return (
    <div id={listId} class="activity-list">
      <ActivityItems {...props} />
      <ActivityMore {...props} />
    </div>
  );
}

export interface FilterProps {
  href: string;
  query: TimelineQuery;
  /** Members of the tenant for the "who" choice. */
  actors: { id: string; name: string; email: string }[];
  /** Module names to choose from; absent when the page belongs to one module. */
  modules?: string[];
  /** id of the element the results are swapped into. */
  target: string;
  labels?: HistoryLabels;
}

/** The filter bar: a GET form whose results htmx swaps in place, keeping the URL in step. */
export function ActivityFilters(
  { href, query: q, actors, modules, target, labels: given }: FilterProps,
) {
  const t = useT();
  const { locale } = useReader();
  const labels = given ?? defaultHistoryLabels({ locale });
  const types = labels.entityTypes ?? [];
  const actions = labels.actions ?? [];
  return (
    <Filters action={href} target={`#${target}`} label={t("activity.filters")}>
      {modules && (
        <Field label={t("activity.module")}>
          <select name="module">
            <option value="">{t("activity.allModules")}</option>
            {modules.map((m) => (
              <option value={m} selected={q.module === m}>{moduleLabel(t, m)}</option>
            ))}
          </select>
        </Field>
      )}
      <Field label={t("activity.actor")}>
        <select name="actor">
          <option value="">{t("activity.anyone")}</option>
          <option value="system" selected={q.actor === "system"}>{t("activity.system")}</option>
          {actors.map((a) => <option value={a.id} selected={q.actor === a.id}>{a.name}</option>)}
        </select>
      </Field>
      <Field label={t("activity.action")}>
        <select name="action">
          <option value="">{t("activity.anyAction")}</option>
          {actions.map((a) => (
            <option value={a} selected={q.action === a}>
              {labels.action(a, q.entityType ?? "")}
            </option>
          ))}
        </select>
      </Field>
      {types.length > 0 && (
        <Field label={t("activity.entityType")}>
          <select name="entityType">
            <option value="">{t("activity.anyType")}</option>
            {types.map((type) => (
              <option value={type} selected={q.entityType === type}>
                {labels.entity?.(type) ?? t("activity.anyType")}
              </option>
            ))}
          </select>
        </Field>
      )}
      {types.length === 0 && q.entityType && (
        <input type="hidden" name="entityType" value={q.entityType} />
      )}
      {q.entityId && <input type="hidden" name="entityId" value={q.entityId} />}
      <Field label={t("activity.from")}>
        <input name="from" type="date" value={q.from ?? ""} />
      </Field>
      <Field label={t("activity.to")}>
        <input name="to" type="date" value={q.to ?? ""} />
      </Field>
    </Filters>
  );
}

/** The results area the filters swap: the list with its load more. */
export function ActivityResults(props: TimelineProps & { target: string }) {
  return (
    <div id={props.target} class="card activity-results">
      <ActivityList {...props} />
    </div>
  );
}

/** A module's activity page: filters above a timeline whose results htmx replaces. */
export function ActivityPage(props: TimelineProps & FilterProps) {
  return (
    <>
      <ActivityFilters {...props} />
      <ActivityResults {...props} />
    </>
  );
}

/** One record's history, for embedding in its detail page (a card with an h2). */
export function EntityHistory(props: TimelineProps & { headingId?: string }) {
  const t = useT();
  const id = props.headingId ?? "activity-history";
  return (
    <section class="card activity-history" aria-labelledby={id}>
      <header class="card-head">
        <h2 class="card-title" id={id}>{t("activity.history")}</h2>
      </header>
      <ActivityList {...props} listId={props.listId ?? `${id}-list`} />
    </section>
  );
}
