import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import {
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  type TableSort,
  Toast,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import type { Ticket } from "./tickets.schemas.ts";
import {
  type FieldDef,
  type Flash,
  FormField,
  PriorityBadge,
  SlaBadge,
  StatusBadge,
} from "../common/ui.view.tsx";
import type { FormState } from "../common/resource.view.tsx";
import { moreHref } from "../common/resource.view.tsx";

const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"] as const;
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
const SLA = ["ok", "warning", "breached", "met", "none"] as const;
/** The list's sort keys, each in the one direction the API sorts it. */
const SORT_DIR: Record<string, "asc" | "desc"> = {
  created: "desc",
  updated: "desc",
  priority: "desc",
  due: "asc",
};
/** Filters shown behind "More filters" (open when one of them is set). */
const MORE = ["customerId", "companyId", "createdFrom", "createdTo"];
type Options = [string, string][];

/** Choices of a select: each value with its label. */
const opt = <V extends string>(values: readonly V[], label: (v: V) => string): Options =>
  values.map((v) => [v, label(v)]);

function TicketFilters(
  { query, customers, companies, members, teams = [] }: {
    query: Record<string, string>;
    customers: Options;
    companies: Options;
    members: Options;
    teams?: Options;
  },
) {
  const t = useT();
  const select = (
    id: string,
    name: string,
    labelKey: MessageKey,
    options: Options,
    emptyLabelKey: MessageKey = "support.all",
  ) => (
    <FormField
      id={id}
      f={{ name, labelKey, type: "select", emptyLabelKey, options }}
      value={query[name]}
    />
  );
  const date = (name: string, labelKey: MessageKey): FieldDef => ({ name, labelKey, type: "date" });
  return (
    <Filters action="/support/tickets" target="#tickets" label={t("support.filters")}>
      <Field label={t("support.search")}>
        <input id="tf-q" name="q" type="search" value={query.q ?? ""} />
      </Field>
      {select(
        "tf-status",
        "status",
        "support.field.status",
        opt(STATUSES, (v) => t(`support.status.${v}`)),
      )}
      {select(
        "tf-priority",
        "priority",
        "support.field.priority",
        opt(PRIORITIES, (v) => t(`support.priority.${v}`)),
      )}
      {select("tf-assignee", "assignee", "support.field.assignee", [
        ["me", t("support.me")],
        ["none", t("support.unassigned")],
        ...members,
      ])}
      {teams.length > 0 &&
        select("tf-team", "team", "support.field.team", [
          ["none", t("support.team.none")],
          ...teams,
        ])}
      {select("tf-sla", "sla", "support.field.sla", opt(SLA, (v) => t(`support.sla.${v}`)))}
      {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      <details class="support-more-filters" open={MORE.some((k) => query[k])}>
        <summary>{t("support.moreFilters")}</summary>
        <div class="support-more-fields">
          {select("tf-customer", "customerId", "support.field.customer", customers)}
          {select("tf-company", "companyId", "support.field.company", companies)}
          <FormField
            id="tf-from"
            f={date("createdFrom", "support.field.createdFrom")}
            value={query.createdFrom}
          />
          <FormField
            id="tf-to"
            f={date("createdTo", "support.field.createdTo")}
            value={query.createdTo}
          />
        </div>
      </details>
    </Filters>
  );
}

/** The fields of a new ticket (also shown again, with errors, after a failed post). */
export function NewTicketForm(
  { customers, members, teams = [], state }: {
    customers: Options;
    members: Options;
    /** The workspace's teams: a ticket of a team goes to its queue (and may be auto-assigned). */
    teams?: Options;
    state?: FormState;
  },
) {
  const t = useT();
  const v = state?.values ?? {};
  const fields: [string, FieldDef][] = [
    ["nt-subject", {
      name: "subject",
      labelKey: "support.field.subject",
      required: true,
      wide: true,
    }],
    ["nt-customer", {
      name: "customerId",
      labelKey: "support.field.customer",
      type: "select",
      required: true,
      options: customers,
    }],
    ["nt-priority", {
      name: "priority",
      labelKey: "support.field.priority",
      type: "select",
      emptyLabelKey: "support.default",
      options: opt(PRIORITIES, (v) => t(`support.priority.${v}`)),
    }],
    ["nt-assignee", {
      name: "assigneeId",
      labelKey: "support.field.assignee",
      type: "select",
      emptyLabelKey: "support.unassigned",
      options: members,
    }],
    ...(teams.length
      ? [["nt-team", {
        name: "teamId",
        labelKey: "support.field.team",
        type: "select",
        emptyLabelKey: "support.team.none",
        options: teams,
      }] as [string, FieldDef]]
      : []),
    ["nt-tags", {
      name: "tags",
      labelKey: "support.field.tags",
      hintKey: "support.field.tagsHint",
    }],
    ["nt-description", {
      name: "description",
      labelKey: "support.field.description",
      type: "textarea",
    }],
  ];
  return (
    <form
      id="new-ticket-form"
      class="form-grid"
      method="post"
      action="/support/tickets"
      hx-post="/support/tickets"
      hx-target="this"
      hx-swap="outerHTML"
    >
      {state?.flash && (
        <div class="field-wide">
          <Toast flash={state.flash} />
        </div>
      )}
      {fields.map(([id, f]) => (
        <FormField id={id} f={f} value={v[f.name]} error={state?.errors?.[f.name]} />
      ))}
      {customers.length === 0 && (
        <p class="muted field-wide">
          {t("support.tickets.needCustomer")} <a href="/support/customers">{t("page.customers")}</a>
        </p>
      )}
      <div class="form-actions field-wide">
        <button type="submit" class="btn btn-primary">{t("support.tickets.create")}</button>
      </div>
    </form>
  );
}

/** The page header's "New ticket". */
export function NewTicketDialog(
  { customers, members, teams = [] }: { customers: Options; members: Options; teams?: Options },
) {
  const t = useT();
  return (
    <Dialog
      id="new-ticket"
      title={t("support.tickets.new")}
      trigger={t("support.tickets.new")}
      icon="plus"
      closeLabel={t("ui.close")}
      wide
    >
      <NewTicketForm customers={customers} members={members} teams={teams} />
    </Dialog>
  );
}

export function TicketsPanel(
  { items, nextCursor, query, customers, companies, members, names, flash, teams = [] }: {
    items: Ticket[];
    nextCursor: string | null;
    query: Record<string, string>;
    customers: Options;
    companies: Options;
    /** Agents plus the listed tickets' assignees (filter choices). */
    members: Options;
    /** Names of customers and assignees, by id. */
    names: Map<string, string>;
    flash?: Flash;
    teams?: Options;
  },
) {
  const t = useT();
  const filtered = Object.keys(query).some((k) => k !== "cursor" && k !== "sort");
  const sortKey = query.sort && SORT_DIR[query.sort] ? query.sort : "created";
  const keep = Object.fromEntries(
    Object.entries(query).filter(([k]) => k !== "cursor" && k !== "sort"),
  );
  const sort: TableSort = {
    key: sortKey,
    dir: SORT_DIR[sortKey],
    href: (key) => `/support/tickets?${new URLSearchParams({ ...keep, sort: key })}`,
  };
  const more = moreHref("/support/tickets", query, nextCursor);
  return (
    <div id="tickets-panel">
      <Toast flash={flash} />
      <TicketFilters
        query={query}
        customers={customers}
        companies={companies}
        members={members}
        teams={teams}
      />
      <DataTable
        id="tickets"
        label={t("page.tickets")}
        rows={items}
        sort={sort}
        columns={[
          {
            label: t("support.field.number"),
            sort: "created",
            cell: (x) => <a href={`/support/tickets/${x.id}`} class="support-number">{x.number}</a>,
          },
          { label: t("support.field.subject"), cell: (x) => x.subject },
          {
            label: t("support.field.status"),
            same: (x) => x.status,
            cell: (x) => <StatusBadge status={x.status} />,
          },
          {
            label: t("support.field.priority"),
            sort: "priority",
            same: (x) => x.priority,
            cell: (x) => <PriorityBadge priority={x.priority} />,
          },
          {
            label: t("support.field.assignee"),
            same: (x) => x.assigneeId,
            cell: (x) => (
              <UserChip
                name={x.assigneeId ? names.get(x.assigneeId) : null}
                none={t("support.unassigned")}
              />
            ),
          },
          {
            label: t("support.field.customer"),
            wide: true,
            same: (x) => x.customerId,
            cell: (x) => (
              <a href={`/support/customers/${x.customerId}`}>
                {names.get(x.customerId) ?? t("support.customer.unknown")}
              </a>
            ),
          },
          {
            label: t("support.field.sla"),
            sort: "due",
            same: (x) => x.slaState,
            cell: (x) => <SlaBadge state={x.slaState} />,
          },
          {
            label: t("support.field.updated"),
            sort: "updated",
            wide: true,
            cell: (x) => <RelativeTime at={x.updatedAt} />,
          },
        ]}
        empty={
          <EmptyState
            icon="inbox"
            title={t(filtered ? "support.noMatches" : "support.tickets.empty")}
          />
        }
        more={more ? { href: more, label: t("ui.loadMore") } : undefined}
      />
    </div>
  );
}
