import { formatDateTime } from "../../../ui/format.ts";
import type { ComponentChildren } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { type Flash, FlashMessage } from "../../../ui/flash.tsx";
export { type Flash, FlashMessage };

/** One form control with its label. */
export interface FieldDef {
  name: string;
  labelKey: string;
  type?:
    | "text"
    | "email"
    | "url"
    | "number"
    | "date"
    | "textarea"
    | "select"
    | "checkbox"
    | "time"
    | "checks";
  required?: boolean;
  /** [value, label] pairs of a select; the label is shown as given. */
  options?: [string, string][];
  /** First option of a select that means "none". */
  emptyLabelKey?: string;
  min?: number;
  max?: number;
  placeholder?: string;
  hintKey?: string;
}

export function Field(
  { l, f, id, value }: { l: Locale; f: FieldDef; id: string; value?: unknown },
) {
  const v = value === null || value === undefined ? "" : String(value);
  const label = t(l, f.labelKey);
  const hint = f.hintKey ? <p class="muted" id={`${id}-hint`}>{t(l, f.hintKey)}</p> : null;
  const described = f.hintKey ? `${id}-hint` : undefined;
  if (f.type === "checks") {
    const checked = Array.isArray(value) ? value.map(String) : [];
    return (
      <fieldset>
        <legend>{label}</legend>
        <div class="checks">
          {(f.options ?? []).map(([ov, ol]) => (
            <label>
              <input type="checkbox" name={f.name} value={ov} checked={checked.includes(ov)} /> {ol}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (f.type === "checkbox") {
    return (
      <label>
        <input id={id} type="checkbox" name={f.name} value="true" checked={value === true} />{" "}
        {label}
      </label>
    );
  }
  return (
    <>
      <label for={id}>{label}</label>
      {f.type === "textarea"
        ? (
          <textarea
            id={id}
            name={f.name}
            required={f.required}
            rows={4}
            aria-describedby={described}
          >
            {v}
          </textarea>
        )
        : f.type === "select"
        ? (
          <select id={id} name={f.name} required={f.required} aria-describedby={described}>
            {f.emptyLabelKey && <option value="">{t(l, f.emptyLabelKey)}</option>}
            {(f.options ?? []).map(([ov, ol]) => (
              <option value={ov} selected={ov === v}>{ol}</option>
            ))}
          </select>
        )
        : (
          <input
            {...{ type: f.type ?? "text" } as { type: "text" }}
            id={id}
            name={f.name}
            required={f.required}
            value={v}
            min={f.min}
            max={f.max}
            placeholder={f.placeholder}
            aria-describedby={described}
          />
        )}
      {hint}
    </>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="muted support-empty">{children}</p>;
}

/** "Next page" as a plain link that htmx follows into the panel (the URL keeps the cursor). */
export function Pager(
  { l, base, query, nextCursor, target }: {
    l: Locale;
    base: string;
    query: Record<string, string>;
    nextCursor: string | null;
    target: string;
  },
) {
  const hasCursor = !!query.cursor;
  const first = new URLSearchParams(Object.entries(query).filter(([k, v]) => k !== "cursor" && v));
  const next = new URLSearchParams(first);
  if (nextCursor) next.set("cursor", nextCursor);
  if (!nextCursor && !hasCursor) return null;
  return (
    <nav class="toolbar" aria-label={t(l, "support.paging")}>
      {hasCursor && (
        <a
          href={`${base}?${first}`}
          hx-get={`${base}?${first}`}
          hx-target={target}
          hx-swap="outerHTML"
          hx-push-url="true"
        >
          {t(l, "support.firstPage")}
        </a>
      )}
      {nextCursor && (
        <a
          href={`${base}?${next}`}
          hx-get={`${base}?${next}`}
          hx-target={target}
          hx-swap="outerHTML"
          hx-push-url="true"
        >
          {t(l, "support.nextPage")}
        </a>
      )}
    </nav>
  );
}

export function StatusBadge({ l, status }: { l: Locale; status: string }) {
  return <span class={`badge support-status-${status}`}>{t(l, `support.status.${status}`)}</span>;
}

export function PriorityBadge({ l, priority }: { l: Locale; priority: string }) {
  return (
    <span class={`badge support-priority-${priority}`}>{t(l, `support.priority.${priority}`)}</span>
  );
}

export function SlaBadge({ l, state }: { l: Locale; state: string }) {
  return <span class={`badge support-sla-${state}`}>{t(l, `support.sla.${state}`)}</span>;
}

export function formatDate(l: Locale, iso: string | null | undefined) {
  return iso ? `${formatDateTime(l, iso)} UTC` : "—";
}
