import { Dialog, Icon, useT } from "../../../ui/kit.ts";
import { FormField } from "../common/ui.view.tsx";

/** A ticket the merge dialog offers as the target. */
export interface MergeCandidate {
  id: string;
  number: string;
  subject: string;
}

/**
 * "Merge into…": the target by its number, or picked from the tickets the search finds (the
 * same customer's open tickets first, before anything is typed).
 */
export function MergeDialog({ ticketId }: { ticketId: string }) {
  const t = useT();
  const base = `/support/tickets/${ticketId}/merge`;
  return (
    <Dialog
      id="merge-ticket"
      title={t("support.merge.title")}
      trigger={t("support.merge.action")}
      icon="merge"
      variant="secondary"
      closeLabel={t("ui.close")}
    >
      <form
        class="form-grid"
        method="post"
        action={base}
        hx-post={base}
        hx-target="#content"
        hx-select="#content"
        hx-swap="outerHTML"
        data-testid="merge-form"
      >
        <p class="muted field-wide">{t("support.merge.hint")}</p>
        <FormField
          id="merge-number"
          f={{
            name: "number",
            labelKey: "support.merge.number",
            placeholder: "T-…",
            wide: true,
          }}
        />
        <div
          id="merge-candidates"
          class="field-wide"
          hx-get={`${base}/candidates`}
          hx-trigger="load, input changed delay:300ms from:#merge-number"
          hx-include="#merge-number"
          hx-target="this"
          hx-swap="innerHTML"
        />
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("support.merge.submit")}</button>
        </div>
      </form>
    </Dialog>
  );
}

/** The tickets found for the dialog's search, to pick one. */
export function MergeCandidates({ items }: { items: MergeCandidate[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <fieldset class="field support-merge-candidates">
      <legend class="field-label">{t("page.tickets")}</legend>
      {items.map((x) => (
        <label class="support-merge-candidate">
          <input type="radio" name="intoId" value={x.id} />
          <span>
            <strong>{x.number}</strong> {x.subject}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The merged ticket's note: where its conversation went. */
export function MergedNote({ into }: { into: { id: string; number: string } }) {
  const t = useT();
  return (
    <p class="support-merged-note" data-testid="merged-into">
      <Icon name="merge" size={16} />
      <a href={`/support/tickets/${into.id}`}>
        {t("support.merge.mergedInto", { number: into.number })}
      </a>
    </p>
  );
}
