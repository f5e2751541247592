import type { ComponentChildren } from "preact";
import type { ActivityEntry, Json } from "./activity.schemas.ts";
import { type Locale, t } from "../../shared/i18n/i18n.ts";

/** The query a timeline was filtered with, as URL parameters (empty values left out). */
export type TimelineQuery = Record<string, string>;

export interface TimelineProps {
  l: Locale;
  items: ActivityEntry[];
  nextCursor: string | null;
  /** The page that serves this timeline (plain link) and its next pages (htmx). */
  href?: string;
  query?: TimelineQuery;
  /** Shows each line's module (timelines across modules). */
  showModule?: boolean;
  /** Whether filters are applied (changes the empty state). */
  filtered?: boolean;
}

const LOCALE_TAGS: Record<Locale, string> = { en: "en-GB", tr: "tr-TR" };

export function formatTime(l: Locale, iso: string) {
  const f = new Intl.DateTimeFormat(LOCALE_TAGS[l], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return `${f.format(new Date(iso))} UTC`;
}

function formatValue(l: Locale, v: Json | undefined) {
  if (v === null || v === undefined || v === "") return t(l, "activity.none");
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return text.length > 300 ? text.slice(0, 299) + "…" : text;
}

/** A known verb is translated; a module's own verb shows as it is. */
export function actionLabel(l: Locale, action: string) {
  const key = `activity.action.${action}`;
  const label = t(l, key);
  return label === key ? action : label;
}

function url(href: string, query: TimelineQuery, extra: TimelineQuery) {
  const params = new URLSearchParams({ ...query, ...extra });
  return `${href}?${params}`;
}

function Changes({ l, entry }: { l: Locale; entry: ActivityEntry }) {
  const changes = entry.changes;
  const fields = changes && typeof changes === "object" ? Object.entries(changes) : [];
  if (fields.length === 0) return null;
  return (
    <details class="activity-changes">
      <summary>{t(l, "activity.changes", { count: fields.length })}</summary>
      <dl>
        {fields.map(([field, { from, to }]) => (
          <>
            <dt>{field}</dt>
            <dd>
              <span class="sr-only">{t(l, "activity.was")}</span>
              <del>{formatValue(l, from)}</del> <span aria-hidden="true">→</span>{" "}
              <span class="sr-only">{t(l, "activity.now")}</span>
              <ins>{formatValue(l, to)}</ins>
            </dd>
          </>
        ))}
      </dl>
    </details>
  );
}

export function ActivityItem(
  { l, entry, showModule }: { l: Locale; entry: ActivityEntry; showModule?: boolean },
) {
  const actor = entry.actorName ??
    t(l, entry.actorId ? "activity.unknownUser" : "activity.system");
  return (
    <li class="activity-entry" id={`activity-${entry.id}`}>
      <p>
        <time datetime={entry.occurredAt}>{formatTime(l, entry.occurredAt)}</time>
        {" · "}
        <strong title={entry.actorEmail ?? undefined}>{actor}</strong>{" "}
        <span class="badge" data-action={entry.action}>{actionLabel(l, entry.action)}</span>{" "}
        {showModule && <span class="muted">{`${t(l, `module.${entry.module}`)} · `}</span>}
        <span class="muted">{entry.entityType}</span> {entry.summary}
      </p>
      <Changes l={l} entry={entry} />
    </li>
  );
}

/**
 * The lines of one page plus the "load more" item. htmx replaces that item with the next
 * page's lines (this same fragment); without JavaScript it is a link to the next page.
 */
export function ActivityItems(
  { l, items, nextCursor, href, query = {}, showModule }: TimelineProps,
) {
  return (
    <>
      {items.map((e) => <ActivityItem l={l} entry={e} showModule={showModule} />)}
      {nextCursor && href && (
        <li class="activity-more">
          <a
            class="button secondary"
            href={url(href, query, { cursor: nextCursor })}
            hx-get={url(href, query, { cursor: nextCursor, part: "items" })}
            hx-target="closest li"
            hx-swap="outerHTML"
          >
            {t(l, "activity.more")}
          </a>
        </li>
      )}
    </>
  );
}

/** The list, or its empty state. */
export function ActivityList(props: TimelineProps) {
  const { l, items, filtered } = props;
  if (items.length === 0) {
    return (
      <p class="muted activity-empty">
        {t(l, filtered ? "activity.emptyFiltered" : "activity.empty")}
      </p>
    );
  }
  return (
    <ol class="activity-timeline" aria-label={t(l, "activity.list")}>
      <ActivityItems {...props} />
    </ol>
  );
}

export interface FilterProps {
  l: Locale;
  href: string;
  query: TimelineQuery;
  /** Members of the tenant for the "who" choice. */
  actors: { id: string; name: string; email: string }[];
  /** Module names to choose from; absent when the page belongs to one module. */
  modules?: string[];
  /** id of the element the results are swapped into. */
  target: string;
}

function Field(
  { id, label, children }: { id: string; label: string; children: ComponentChildren },
) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
    </div>
  );
}

/** Plain GET form; with htmx it swaps the results and keeps the URL in step. */
export function ActivityFilters({ l, href, query: q, actors, modules, target }: FilterProps) {
  return (
    <form
      class="card activity-filters"
      role="search"
      aria-label={t(l, "activity.filters")}
      method="get"
      action={href}
      hx-get={href}
      hx-target={`#${target}`}
      hx-swap="innerHTML"
      hx-push-url="true"
    >
      {modules && (
        <Field id="activity-module" label={t(l, "activity.module")}>
          <select id="activity-module" name="module">
            <option value="">{t(l, "activity.allModules")}</option>
            {modules.map((m) => (
              <option value={m} selected={q.module === m}>{t(l, `module.${m}`)}</option>
            ))}
          </select>
        </Field>
      )}
      <Field id="activity-actor" label={t(l, "activity.actor")}>
        <select id="activity-actor" name="actor">
          <option value="">{t(l, "activity.anyone")}</option>
          <option value="system" selected={q.actor === "system"}>{t(l, "activity.system")}</option>
          {actors.map((a) => (
            <option value={a.id} selected={q.actor === a.id}>{a.name} ({a.email})</option>
          ))}
        </select>
      </Field>
      <Field id="activity-action" label={t(l, "activity.action")}>
        <input id="activity-action" name="action" type="text" value={q.action ?? ""} />
      </Field>
      <Field id="activity-entity-type" label={t(l, "activity.entityType")}>
        <input id="activity-entity-type" name="entityType" type="text" value={q.entityType ?? ""} />
      </Field>
      {q.entityId && <input type="hidden" name="entityId" value={q.entityId} />}
      <Field id="activity-from" label={t(l, "activity.from")}>
        <input id="activity-from" name="from" type="date" value={q.from ?? ""} />
      </Field>
      <Field id="activity-to" label={t(l, "activity.to")}>
        <input id="activity-to" name="to" type="date" value={q.to ?? ""} />
      </Field>
      <p>
        <button type="submit">{t(l, "activity.filter")}</button>{" "}
        <a href={href}>
          {t(l, "activity.reset")}
        </a>
      </p>
    </form>
  );
}

/** A module's activity page: filters above a timeline whose results htmx replaces. */
export function ActivityPage(props: TimelineProps & FilterProps) {
  return (
    <div class="activity">
      <ActivityFilters {...props} />
      <div id={props.target} class="activity-results">
        <ActivityList {...props} />
      </div>
    </div>
  );
}

/** One record's history, for embedding in its detail page. */
export function EntityHistory(props: TimelineProps & { headingId?: string }) {
  const id = props.headingId ?? "activity-history";
  return (
    <section class="activity-history" aria-labelledby={id}>
      <h2 id={id}>{t(props.l, "activity.history")}</h2>
      <ActivityList {...props} />
    </section>
  );
}
