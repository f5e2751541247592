import { Badge, Card, DataTable, EmptyState, Field, Filters, Icon, useT } from "../../ui/kit.ts";
import { hasMessageKey, knownKey } from "../../shared/i18n/i18n.ts";
import type { SearchGroup, SearchResults } from "./search.schemas.ts";

type Hit = SearchGroup["items"][number];

/** A lucide icon per kind of hit, so a column of mixed results reads at a glance. */
const KIND_ICONS: Record<string, string> = {
  ticket: "ticket",
  customer: "user",
  file: "file",
  folder: "folder",
  project: "folder-kanban",
  task: "list-todo",
};

/** The search form; it updates the results as people type (htmx) and keeps `?q=` in the URL. */
export function SearchForm({ q }: { q: string }) {
  const t = useT();
  return (
    <Filters action="/search" target="#search-results" label={t("search.label")}>
      <Field label={t("search.label")}>
        <input type="search" name="q" value={q} maxLength={100} autocomplete="off" />
      </Field>
    </Filters>
  );
}

/** One module's hits: what was found, of which kind, and where it is. */
function GroupTable({ group }: { group: SearchGroup }) {
  const t = useT();
  const kind = (h: Hit) => {
    const key = `search.kind.${h.kind}`;
    // A kind a module adds without a label shows its icon only, never a code.
    return (
      <Badge>
        <Icon name={KIND_ICONS[h.kind] ?? "circle"} size={14} />
        {hasMessageKey(key) ? ` ${t(knownKey(key, "search.column.kind"))}` : ""}
      </Badge>
    );
  };
  return (
    <Card title={group.label} flush>
      <DataTable
        id={`search-${group.module}`}
        label={group.label}
        rows={group.items}
        columns={[
          { label: t("search.column.title"), cell: (h) => <a href={h.href}>{h.title}</a> },
          { label: t("search.column.kind"), cell: kind },
          { label: t("search.column.details"), cell: (h) => h.subtitle ?? "" },
        ]}
      />
    </Card>
  );
}

/**
 * The results area (the htmx target): a prompt or input message, "nothing found", or one card
 * per module with hits, in menu order.
 */
export function SearchResultsView(
  { q, message, results }: {
    q: string;
    message: string | null;
    results: SearchResults | null;
  },
) {
  const t = useT();
  let body;
  if (message || !results) {
    body = <EmptyState icon="search" title={message ?? t("search.prompt")} />;
  } else if (!results.groups.length) {
    body = (
      <EmptyState icon="search-x" title={t("search.none", { q })}>
        {t("search.noneHint")}
      </EmptyState>
    );
  } else {
    body = results.groups.map((g) => <GroupTable group={g} />);
  }
  return <div id="search-results">{body}</div>;
}
