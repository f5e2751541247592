import type { SearchHit, SearchProvider } from "../../../shared/modules.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { customerHits, ticketHits } from "./search.repo.ts";

/** Support's part of the global search: tickets (number, subject, text) and customers. */
export const searchSupport: SearchProvider = async ({ sql, session }, q, limit) => {
  const folded = fold(q);
  const hits: SearchHit[] = [];
  if (hasPermission(session.permissions, "support.ticket.read")) {
    for (const t of await ticketHits(sql, folded, q.trim(), limit)) {
      hits.push({
        kind: "ticket",
        title: t.subject,
        subtitle: [t.number, t.customerName].filter(Boolean).join(" · "),
        href: `/support/tickets/${t.id}`,
      });
    }
  }
  if (hasPermission(session.permissions, "support.customer.read")) {
    for (const c of await customerHits(sql, folded, limit)) {
      hits.push({
        kind: "customer",
        title: c.name,
        subtitle: c.email ?? c.phone,
        href: `/support/customers/${c.id}`,
      });
    }
  }
  return hits;
};
