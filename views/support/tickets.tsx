import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { ActivityEntry } from "../../shared/activity/activity.service.ts";
import type { Comment, Ticket } from "../../modules/support/tickets/tickets.schemas.ts";
import { EntityHistory } from "../activity.tsx";
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
} from "./ui.tsx";

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
  { l, items, nextCursor, query, customers, companies, members, canWrite, flash }: {
    l: Locale;
    items: Ticket[];
    nextCursor: string | null;
    query: Record<string, string>;
    customers: Options;
    companies: Options;
    members: Options;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const filtered = Object.keys(query).some((k) => k !== "cursor" && k !== "sort");
  const name = (id: string | null, list: Options) => list.find(([x]) => x === id)?.[1] ?? "—";
  return (
    <div id="tickets-panel">
      <FlashMessage flash={flash} />
      {canWrite && <CreateTicket l={l} customers={customers} members={members} />}
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

function CommentItem({ l, c }: { l: Locale; c: Comment }) {
  return (
    <li class={`support-comment ${c.visibility}`}>
      <p class="muted">
        {c.authorName ?? "—"} · <time datetime={c.createdAt}>{formatDate(l, c.createdAt)}</time>
        {c.visibility === "internal" && (
          <span class="badge">{t(l, "support.comment.internal")}</span>
        )}
      </p>
      {/* html is sanitized (Markdown) or escaped (text) by the service */}
      <div dangerouslySetInnerHTML={{ __html: c.html }} />
    </li>
  );
}

export function TicketDetailView(
  { l, ticket, customerName, comments, history, members, next, canWrite, flash }: {
    l: Locale;
    ticket: Ticket;
    customerName: string;
    comments: Comment[];
    history: { items: ActivityEntry[]; nextCursor: string | null };
    members: Options;
    next: string[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const base = `/support/tickets/${ticket.id}`;
  const form = (path: string) => ({
    method: "post",
    action: `${base}${path}`,
    "hx-post": `${base}${path}`,
    "hx-target": "#ticket-detail",
    "hx-swap": "outerHTML",
  });
  return (
    <div id="ticket-detail">
      <FlashMessage flash={flash} />
      <p>
        <StatusBadge l={l} status={ticket.status} />{" "}
        <PriorityBadge l={l} priority={ticket.priority} />{" "}
        <SlaBadge l={l} state={ticket.slaState} />
      </p>
      <h2>{ticket.subject}</h2>
      <dl class="support-facts">
        <dt>{t(l, "support.field.customer")}</dt>
        <dd>
          <a href={`/support/customers/${ticket.customerId}`}>{customerName}</a>
        </dd>
        <dt>{t(l, "support.field.assignee")}</dt>
        <dd data-testid="assignee">
          {members.find(([id]) => id === ticket.assigneeId)?.[1] ?? t(l, "support.unassigned")}
        </dd>
        <dt>{t(l, "support.field.firstResponseDue")}</dt>
        <dd>
          {formatDate(l, ticket.firstResponseDue)}
          {ticket.firstRespondedAt && ` ✓ ${formatDate(l, ticket.firstRespondedAt)}`}
        </dd>
        <dt>{t(l, "support.field.resolutionDue")}</dt>
        <dd>
          {formatDate(l, ticket.resolutionDue)}
          {ticket.resolvedAt && ` ✓ ${formatDate(l, ticket.resolvedAt)}`}
        </dd>
        <dt>{t(l, "support.field.tags")}</dt>
        <dd>{ticket.tags.map((x) => <span class="badge">{x}</span>)}</dd>
        <dt>{t(l, "support.field.created")}</dt>
        <dd>{formatDate(l, ticket.createdAt)}</dd>
      </dl>
      {ticket.description && <p class="support-description">{ticket.description}</p>}
      {canWrite && (
        <div class="cards">
          <form class="card" {...form("/status")}>
            <input type="hidden" name="from" value={ticket.status} />
            <Field
              l={l}
              id="td-status"
              f={{
                name: "status",
                labelKey: "support.tickets.move",
                type: "select",
                options: next.map((s) => [s, t(l, `support.status.${s}`)]),
              }}
            />
            <button type="submit" disabled={next.length === 0}>
              {t(l, "support.tickets.apply")}
            </button>
          </form>
          <form class="card" {...form("/assign")}>
            <Field
              l={l}
              id="td-assignee"
              f={{
                name: "assigneeId",
                labelKey: "support.field.assignee",
                type: "select",
                emptyLabelKey: "support.unassigned",
                options: members,
              }}
              value={ticket.assigneeId}
            />
            <button type="submit">{t(l, "support.tickets.assign")}</button>
          </form>
          <details class="card">
            <summary>{t(l, "support.edit")}</summary>
            <form {...form("")}>
              <Field
                l={l}
                id="td-subject"
                f={{ name: "subject", labelKey: "support.field.subject", required: true }}
                value={ticket.subject}
              />
              <Field
                l={l}
                id="td-priority"
                f={{
                  name: "priority",
                  labelKey: "support.field.priority",
                  type: "select",
                  options: PRIORITIES.map((p) => [p, t(l, `support.priority.${p}`)]),
                }}
                value={ticket.priority}
              />
              <Field
                l={l}
                id="td-tags"
                f={{ name: "tags", labelKey: "support.field.tags" }}
                value={ticket.tags.join(", ")}
              />
              <Field
                l={l}
                id="td-description"
                f={{ name: "description", labelKey: "support.field.description", type: "textarea" }}
                value={ticket.description}
              />
              <button type="submit">{t(l, "support.save")}</button>
            </form>
          </details>
        </div>
      )}
      <section aria-labelledby="comments-heading">
        <h2 id="comments-heading">{t(l, "support.comments")}</h2>
        {comments.length === 0
          ? <Empty>{t(l, "support.comments.empty")}</Empty>
          : <ol class="support-comments">{comments.map((c) => <CommentItem l={l} c={c} />)}</ol>}
        {canWrite && (
          <form class="card" {...form("/comments")}>
            <Field
              l={l}
              id="td-comment"
              f={{
                name: "body",
                labelKey: "support.comment.body",
                type: "textarea",
                required: true,
              }}
            />
            <Field
              l={l}
              id="td-format"
              f={{
                name: "format",
                labelKey: "support.comment.format",
                type: "select",
                options: [["text", t(l, "support.comment.text")], ["markdown", "Markdown"]],
              }}
            />
            <Field
              l={l}
              id="td-visibility"
              f={{
                name: "visibility",
                labelKey: "support.comment.visibility",
                type: "select",
                options: [["public", t(l, "support.comment.public")], [
                  "internal",
                  t(l, "support.comment.internal"),
                ]],
              }}
            />
            <button type="submit">{t(l, "support.comment.add")}</button>
          </form>
        )}
      </section>
      <EntityHistory l={l} items={history.items} nextCursor={null} headingId="ticket-history" />
    </div>
  );
}
