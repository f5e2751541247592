/** A record's history: who changed what, each field before → after as people read it. */
import { Timeline, type TimelineEntry } from "../../../ui/kit.ts";
import { changedFields } from "./data.rules.ts";
import type { HistoryEntry, Model } from "./data.schemas.ts";
import { Value } from "./data.records.view.tsx";

type T = (key: string, vars?: Record<string, string | number>) => string;
type Data = Record<string, unknown>;

/** The record's history as the kit's timeline: who, what, each field before → after. */
export function RecordHistory(
  { t, model, items, display }: {
    t: T;
    model: Model;
    items: HistoryEntry[];
    display: (data: Data) => Record<string, string>;
  },
) {
  const entries = items.map((h): TimelineEntry => {
    const before = display(h.before ?? {});
    const after = display(h.after ?? {});
    return {
      who: h.actorName ?? (h.actorId ? t("workflow.data.gone") : null),
      what: t(`workflow.data.history.${h.action}`),
      at: h.at,
      changes: changedFields(model.fields, h.before, h.after).map((c) => {
        const field = model.fields.find((f) => f.name === c.name);
        if (!field) return { label: t("workflow.data.removedField") };
        return {
          label: field.label,
          from: c.from === null
            ? undefined
            : <Value t={t} field={field} value={c.from} display={before[c.name]} />,
          to: <Value t={t} field={field} value={c.to} display={after[c.name]} />,
        };
      }),
      subject: h.instanceId
        ? { label: t("workflow.data.process"), href: `/workflow/processes/${h.instanceId}` }
        : undefined,
    };
  });
  return (
    <Timeline
      label={t("workflow.data.history")}
      systemName={t("workflow.data.process")}
      entries={entries}
      empty={t("workflow.data.noHistory")}
    />
  );
}
