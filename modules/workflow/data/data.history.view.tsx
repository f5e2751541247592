/** A record's history: who changed what, each field before → after as people read it. */
import { Timeline, type TimelineEntry, useT } from "../../../ui/kit.ts";
import { changedFields } from "./data.rules.ts";
import type { HistoryEntry, Model } from "./data.schemas.ts";
import { Value } from "./data.records.view.tsx";

type Data = Record<string, unknown>;

/** The record's history as the kit's timeline: who, what, each field before → after. */
export function RecordHistory(
  { model, items, display }: {
    model: Model;
    items: HistoryEntry[];
    display: (data: Data) => Record<string, string>;
  },
) {
  const t = useT();
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
            : <Value field={field} value={c.from} display={before[c.name]} />,
          to: <Value field={field} value={c.to} display={after[c.name]} />,
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
