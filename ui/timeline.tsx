import type { ComponentChildren } from "preact";
import { Icon } from "./icon.tsx";
import { RelativeTime } from "./relative-time.tsx";
import { UserChip } from "./user-chip.tsx";

export interface TimelineChange {
  /** The field's label ("Status"), never its code. */
  label: string;
  /** Old and new values as people read them (labels, names, formatted dates). */
  from?: ComponentChildren;
  to?: ComponentChildren;
}

export interface TimelineEntry {
  /** The person's name; null for the system. */
  who: string | null;
  /** What happened, localized: "changed the ticket", "commented". */
  what: ComponentChildren;
  at: string;
  icon?: string;
  changes?: TimelineChange[];
  /** A comment or note shown under the line. */
  body?: ComponentChildren;
  /** A link to the object, for logs that span many objects. */
  subject?: { label: string; href?: string };
}

/**
 * Every history on every page: who (by name), what (a localized verb), which fields (labels,
 * old → new as labels), when (relative, exact on hover). Modules map their rows to entries.
 *
 * Usage:
 * ```tsx
 * <Timeline label={t("history")} systemName={t("system")} entries={[
 *   { who: "Ayşe Yılmaz", what: t("ticket.changed"), at: row.at,
 *     changes: [{ label: t("field.status"), from: t("status.acik"), to: t("status.islemde") }] },
 * ]} empty={t("history.none")} />
 * ```
 */
export function Timeline(
  { entries, label, systemName, empty }: {
    entries: TimelineEntry[];
    label: string;
    systemName: string;
    empty?: ComponentChildren;
  },
) {
  if (entries.length === 0) return <p class="muted">{empty}</p>;
  return (
    <ol class="timeline" aria-label={label}>
      {entries.map((e) => (
        <li class="timeline-entry">
          <span class="timeline-dot" aria-hidden="true">
            <Icon name={e.icon ?? "circle-dot"} size={14} />
          </span>
          <div class="timeline-main">
            <p class="timeline-line">
              <UserChip name={e.who ?? systemName} /> <span>{e.what}</span>
              {e.subject && (
                <>
                  {" "}
                  {e.subject.href
                    ? <a href={e.subject.href}>{e.subject.label}</a>
                    : <strong>{e.subject.label}</strong>}
                </>
              )}
              <span class="timeline-time">
                <RelativeTime at={e.at} />
              </span>
            </p>
            {e.changes && e.changes.length > 0 && (
              <ul class="timeline-changes">
                {e.changes.map((ch) => (
                  <li>
                    <span class="change-label">{ch.label}</span>
                    {ch.from !== undefined && ch.from !== null && ch.from !== "" && (
                      <>
                        <del>{ch.from}</del>
                        <Icon name="arrow-right" size={14} />
                      </>
                    )}
                    <ins>{ch.to ?? "—"}</ins>
                  </li>
                ))}
              </ul>
            )}
            {e.body && <div class="timeline-body">{e.body}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}
