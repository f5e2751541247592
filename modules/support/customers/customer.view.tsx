import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { Customer, CustomerActivity } from "./customers.schemas.ts";
import { Empty, formatDate, Pager } from "../common/ui.view.tsx";

/** A customer's profile and history (tickets, comments, contracts, edits). */
export function CustomerDetail(
  { l, customer, history }: {
    l: Locale;
    customer: Customer;
    history: { items: CustomerActivity[]; nextCursor: string | null };
  },
) {
  const base = `/support/customers/${customer.id}`;
  return (
    <div id="customer-detail">
      <dl class="support-facts">
        <dt>{t(l, "support.field.kind")}</dt>
        <dd>{t(l, `support.kind.${customer.kind}`)}</dd>
        <dt>{t(l, "support.field.email")}</dt>
        <dd>{customer.email ?? "—"}</dd>
        <dt>{t(l, "support.field.phone")}</dt>
        <dd>{customer.phone ?? "—"}</dd>
      </dl>
      <p>
        <a href={`/support/tickets?customerId=${customer.id}`}>
          {t(l, "support.customer.tickets")}
        </a>
        {" · "}
        <a href={`/support/contracts?customerId=${customer.id}`}>{t(l, "page.contracts")}</a>
      </p>
      <h2>{t(l, "support.history")}</h2>
      {history.items.length === 0
        ? <Empty>{t(l, "support.empty")}</Empty>
        : (
          <ol class="activity-timeline">
            {history.items.map((h) => (
              <li class="activity-entry">
                <time datetime={h.at}>{formatDate(l, h.at)}</time>{" "}
                <span class="badge">{t(l, `support.activity.${h.kind}`)}</span>{" "}
                {h.kind === "ticket" || h.kind === "comment"
                  ? <a href={`/support/tickets/${h.refId}`}>{h.title}</a>
                  : h.title}
              </li>
            ))}
          </ol>
        )}
      <Pager
        l={l}
        base={base}
        query={{}}
        nextCursor={history.nextCursor}
        target="#customer-detail"
      />
    </div>
  );
}
