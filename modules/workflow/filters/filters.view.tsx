import {
  Badge,
  Button,
  Dialog,
  Field,
  type Flash,
  SubmitRow,
  Toast,
  useT,
} from "../../../ui/kit.ts";
import { canDelete, pageHref } from "./filters.rules.ts";
import type { TaskFilter, TaskFilterQuery } from "./filters.schemas.ts";

export const FILTER_BAR = "task-filter-bar";

/**
 * The saved filters above a task list: one link per filter (the current one marked), the
 * current one's share and delete buttons, and a dialog saving the list's current query.
 * The save form carries the query the page was drawn with; with htmx it also takes the
 * filter form's live fields (hx-include), which the page route prefers.
 */
export function FilterBar(
  { filters, current, query, me, canShare }: {
    filters: TaskFilter[];
    current: TaskFilter | null;
    query: TaskFilterQuery;
    me: string;
    canShare: boolean;
  },
) {
  const t = useT();
  return (
    <section id={FILTER_BAR} class="stack" aria-label={t("workflow.filters.label")}>
      <nav class="toolbar" aria-label={t("workflow.filters.label")}>
        {filters.length === 0 && <span class="muted">{t("workflow.filters.none")}</span>}
        {filters.map((f) => (
          <Button
            href={pageHref(f.query, f.id)}
            variant={current?.id === f.id ? "primary" : "secondary"}
            icon={f.shared ? "users" : "bookmark"}
            small
            aria-current={current?.id === f.id ? "page" : undefined}
            title={f.shared && f.ownerName
              ? t("workflow.filters.by", { name: f.ownerName })
              : undefined}
          >
            {f.name}
          </Button>
        ))}
        <SaveDialog query={query} canShare={canShare} />
      </nav>
      {current && <CurrentActions f={current} me={me} canShare={canShare} />}
    </section>
  );
}

function CurrentActions({ f, me, canShare }: { f: TaskFilter; me: string; canShare: boolean }) {
  const t = useT();
  const back = pageHref(f.query);
  return (
    <div class="toolbar">
      <strong>{t("workflow.filters.current", { name: f.name })}</strong>
      {f.shared && <Badge tone="blue">{t("workflow.filters.sharedBadge")}</Badge>}
      {f.canEdit && canShare && (
        <form method="post" action={`/workflow/task-filters/${f.id}/share`}>
          <input type="hidden" name="shared" value={f.shared ? "false" : "true"} />
          <Button type="submit" variant="secondary" icon={f.shared ? "lock" : "share-2"} small>
            {f.shared ? t("workflow.filters.unshare") : t("workflow.filters.share")}
          </Button>
        </form>
      )}
      {canDelete(f, me, canShare) && (
        <form method="post" action={`/workflow/task-filters/${f.id}/delete`}>
          <input type="hidden" name="back" value={back} />
          <Button
            type="submit"
            variant="danger"
            icon="trash-2"
            small
            title={t("workflow.filters.deleteNamed", { name: f.name })}
          >
            {t("workflow.filters.delete")}
          </Button>
        </form>
      )}
    </div>
  );
}

function SaveDialog({ query, canShare }: { query: TaskFilterQuery; canShare: boolean }) {
  const t = useT();
  return (
    <Dialog
      id="save-task-filter"
      title={t("workflow.filters.save.title")}
      trigger={t("workflow.filters.save")}
      icon="bookmark-plus"
      variant="secondary"
      small
      closeLabel={t("workflow.filters.close")}
    >
      <SaveForm query={query} canShare={canShare} />
    </Dialog>
  );
}

/** The save form; answered again with its error in place when saving fails. */
export function SaveForm(
  { query, canShare, flash, name }: {
    query: TaskFilterQuery;
    canShare: boolean;
    flash?: Flash;
    name?: string;
  },
) {
  const t = useT();
  return (
    <form
      method="post"
      action="/workflow/task-filters"
      hx-post="/workflow/task-filters"
      hx-include="form.filters"
      hx-target="this"
      hx-swap="outerHTML"
      class="form"
    >
      {flash && <Toast flash={flash} />}
      <p class="muted">{t("workflow.filters.save.hint")}</p>
      <input type="hidden" name="view" value={query.view} />
      {(["q", "priority", "state", "due"] as const).map((k) => (
        <input type="hidden" name={`saved.${k}`} value={query[k] ?? ""} />
      ))}
      <Field label={t("workflow.filters.name")}>
        <input name="name" required maxLength={100} value={name} />
      </Field>
      {canShare && (
        <label>
          <input type="checkbox" name="shared" value="true" /> {t("workflow.filters.shared")}
        </label>
      )}
      <SubmitRow icon="check">{t("workflow.filters.save")}</SubmitRow>
    </form>
  );
}
