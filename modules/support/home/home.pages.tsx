import { actorOf } from "../../../shared/http/actor.ts";
import type { HomeCard } from "../../../shared/modules.ts";
import type { C } from "../../../shared/http/pages.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { memberNames } from "../../../platform/identity/public.ts";
import { myOpenTickets, ticketsAtRisk } from "../tickets/tickets.service.ts";
import { TicketsCard } from "./home.view.tsx";

const SHOWN = 6;

/**
 * The module's cards on the home page, for readers of tickets and only when there is
 * something to say: "My open tickets" (assigned to the reader, not closed, soonest due first)
 * and "SLA at risk" (open tickets due soon or breached).
 */
export async function supportHome(c: C): Promise<HomeCard[]> {
  if (!hasPermission(c.var.session.permissions, "support.ticket.read")) return [];
  const l = c.var.locale;
  const cards: HomeCard[] = [];
  const mine = await myOpenTickets(actorOf(c), SHOWN);
  if (mine.length > 0) {
    cards.push({
      order: 10,
      node: (
        <TicketsCard
          id="home-my-tickets"
          title={t(l, "support.home.myTickets")}
          tickets={mine}
          allHref="/support/tickets?assignee=me&sort=due"
        />
      ),
    });
  }
  const risky = await ticketsAtRisk(actorOf(c), SHOWN);
  if (risky.length > 0) {
    const ids = [...new Set(risky.map((x) => x.assigneeId).filter((x): x is string => !!x))];
    cards.push({
      order: 11,
      node: (
        <TicketsCard
          id="home-sla-risk"
          title={t(l, "support.home.slaRisk")}
          tickets={risky}
          allHref="/support/tickets?sla=breached&sort=due"
          names={await memberNames(c.var.sql, ids)}
        />
      ),
    });
  }
  return cards;
}
