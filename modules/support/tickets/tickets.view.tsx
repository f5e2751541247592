import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { Ticket } from "./tickets.schemas.ts";
import {
  Empty,
  Field,
  type Flash,
  FlashMessage,
  formatDate,
  Pager,
  PriorityBadge,
  SlaBadge,
  StatusBadge,
} from "../common/ui.view.tsx";

const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"];
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"];
const SLA = ["ok", "warning", "breached", "met", "none"];
const SORTS = ["created", "updated", "priority", "due"];
type Options = [string, string][];

function Filters(
  { l, query, customers, companies, members }: {
    l: Locale;
    query: Record<string, string>;
    customers: Options;
    companies: Options;
    members: Options;
  },
) {
  const opt = (prefix: string, values: string[]) =>
    values.map((v): [string, string] => [v, t(l, `${prefix}.${v}`)]);
  return (
    <form
      class="toolbar support-filters"
      method="get"
      action="/support/tickets"
      hx-get="/support/tickets"
      hx-target="#tickets-panel"
      hx-swap="outerHTML"
      hx-push-url="true"
      role="search"
    >
      <Field l={l} id="tf-q" f={{ name: "q", labelKey: "support.search" }} value={query.q} />
      <Field
        l={l}
        id="tf-status"
        f={{
          name: "status",
          labelKey: "support.field.status",
          type: "select",
          emptyLabelKey: "support.all",
          options: opt("support.status", STATUSES),
        }}
        value={query.status}
      />
      <Field
        l={l}
        id="tf-priority"
        f={{
          name: "priority",
          labelKey: "support.field.priority",
          type: "select",
          emptyLabelKey: "support.all",
          options: opt("support.priority", PRIORITIES),
        }}
        value={query.priority}
      />
      <Field
        l={l}
        id="tf-assignee"
        f={{
          name: "assignee",
          labelKey: "support.field.assignee",
          type: "select",
          emptyLabelKey: "support.all",
          options: [["me", t(l, "support.me")], ["none", t(l, "support.unassigned")], ...members],
        }}
        value={query.assignee}
      />
      <Field
        l={l}
        id="tf-customer"
        f={{
          name: "customerId",
          labelKey: "support.field.customer",
          type: "select",
          emptyLabelKey: "support.all",
          options: customers,
        }}
        value={query.customerId}
      />
      <Field
        l={l}
        id="tf-company"
        f={{
          name: "companyId",
          labelKey: "support.field.company",
          type: "select",
          emptyLabelKey: "support.all",
          options: companies,
        }}
        value={query.companyId}
      />
      <Field
        l={l}
        id="tf-from"
        f={{ name: "createdFrom", labelKey: "support.field.createdFrom", type: "date" }}
        value={query.createdFrom}
      />
      <Field
        l={l}
        id="tf-to"
        f={{ name: "createdTo", labelKey: "support.field.createdTo", type: "date" }}
        value={query.createdTo}
      />
      <Field
        l={l}
        id="tf-sla"
        f={{
          name: "sla",
          labelKey: "support.field.sla",
          type: "select",
          emptyLabelKey: "support.all",
          options: opt("support.sla", SLA),
        }}
        value={query.sla}
      />
      <Field
        l={l}
        id="tf-sort"
        f={{
          name: "sort",
          labelKey: "support.field.sort",
          type: "select",
          options: opt("support.sort", SORTS),
        }}
        value={query.sort}
      />
      <button type="submit" class="secondary">{t(l, "support.filter")}</button>
    </form>
  );
}

function CreateTicket(
  { l, customers, members }: { l: Locale; customers: Options; members: Options },
) {
  return (
    <details class="card" id="new-ticket">
      <summary>{t(l, "support.tickets.new")}</summary>
      <form
        method="post"
        action="/support/tickets"
        hx-post="/support/tickets"
        hx-target="#tickets-panel"
        hx-swap="outerHTML"
      >
        <Field
          l={l}
          id="nt-subject"
          f={{ name: "subject", labelKey: "support.field.subject", required: true }}
        />
        <Field
          l={l}
          id="nt-customer"
          f={{
            name: "customerId",
            labelKey: "support.field.customer",
            type: "select",
            required: true,
            options: customers,
          }}
        />
        <Field
          l={l}
          id="nt-priority"
          f={{
            name: "priority",
            labelKey: "support.field.priority",
            type: "select",
            emptyLabelKey: "support.default",
            options: PRIORITIES.map((p) => [p, t(l, `support.priority.${p}`)]),
          }}
        />
        <Field
          l={l}
          id="nt-assignee"
          f={{
            name: "assigneeId",
            labelKey: "support.field.assignee",
            type: "select",
            emptyLabelKey: "support.unassigned",
            options: members,
          }}
        />
        <Field
          l={l}
          id="nt-tags"
          f={{ name: "tags", labelKey: "support.field.tags", placeholder: "vpn, laptop" }}
        />
        <Field
          l={l}
          id="nt-description"
          f={{ name: "description", labelKey: "support.field.description", type: "textarea" }}
        />
        {customers.length === 0 && (
          <p class="muted">
            {t(l, "support.tickets.needCustomer")}{" "}
            <a href="/support/customers">{t(l, "page.customers")}</a>
          </p>
        )}
        <p>
          <button type="submit">{t(l, "support.tickets.create")}</button>
        </p>
      </form>
    </details>
  );
}

export function TicketsPanel(
  { l, items, nextCursor, query, customers, companies, members, agents, canWrite, flash }: {
    l: Locale;
    items: Ticket[];
    nextCursor: string | null;
    query: Record<string, string>;
    customers: Options;
    companies: Options;
    /** Agents plus the listed tickets' assignees (filter choices and names). */
    members: Options;
    /** Who a new ticket may be assigned to. */
    agents: Options;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const filtered = Object.keys(query).some((k) => k !== "cursor" && k !== "sort");
  const name = (id: string | null, list: Options) => list.find(([x]) => x === id)?.[1] ?? "—";
  return (
    <div id="tickets-panel">
      <FlashMessage flash={flash} />
      {canWrite && <CreateTicket l={l} customers={customers} members={agents} />}
      <Filters l={l} query={query} customers={customers} companies={companies} members={members} />
      {items.length === 0
        ? <Empty>{t(l, filtered ? "support.noMatches" : "support.tickets.empty")}</Empty>
        : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t(l, "support.field.number")}</th>
                  <th scope="col">{t(l, "support.field.subject")}</th>
                  <th scope="col">{t(l, "support.field.status")}</th>
                  <th scope="col">{t(l, "support.field.priority")}</th>
                  <th scope="col">{t(l, "support.field.assignee")}</th>
                  <th scope="col">{t(l, "support.field.customer")}</th>
                  <th scope="col">{t(l, "support.field.sla")}</th>
                  <th scope="col">{t(l, "support.field.updated")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((x) => (
                  <tr id={`ticket-${x.id}`}>
                    <td>
                      <a href={`/support/tickets/${x.id}`}>{x.number}</a>
                    </td>
                    <td>{x.subject}</td>
                    <td>
                      <StatusBadge l={l} status={x.status} />
                    </td>
                    <td>
                      <PriorityBadge l={l} priority={x.priority} />
                    </td>
                    <td>{name(x.assigneeId, members)}</td>
                    <td>{name(x.customerId, customers)}</td>
                    <td>
                      <SlaBadge l={l} state={x.slaState} />
                    </td>
                    <td>{formatDate(l, x.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <Pager
        l={l}
        base="/support/tickets"
        query={query}
        nextCursor={nextCursor}
        target="#tickets-panel"
      />
    </div>
  );
}
