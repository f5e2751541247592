import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { ActivityEntry } from "../../../platform/activity/public.ts";
import type { Comment, Ticket } from "./tickets.schemas.ts";
import { EntityHistory } from "../../../platform/activity/public.ts";
import {
  Empty,
  Field,
  type Flash,
  FlashMessage,
  formatDate,
  PriorityBadge,
  SlaBadge,
  StatusBadge,
} from "../common/ui.view.tsx";

const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"];
type Options = [string, string][];

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
