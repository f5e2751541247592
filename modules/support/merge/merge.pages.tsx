import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { type C, problemFlash, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { ID_PARAM as ID } from "../../../shared/http/ids.ts";
import { html, tr } from "../../../ui/kit.ts";
import { detailPage } from "../tickets/tickets.pages.tsx";
import { getTicket, listTickets } from "../tickets/tickets.service.ts";
import { mergeByNumber, mergeTicket } from "./merge.service.ts";
import { MergeCandidates } from "./merge.view.tsx";

/** Open tickets matching the search (number or subject); before any, the customer's own. */
async function candidates(c: C, id: string) {
  const actor = actorOf(c);
  const ticket = await getTicket(actor, id);
  const q = (c.req.query("number") ?? "").trim().slice(0, 200);
  const page = await listTickets(actor, {
    ...(q ? { q } : { customerId: ticket.customerId }),
    sort: "updated",
    limit: 8,
  });
  return page.items
    .filter((x) => x.id !== id && x.status !== "kapandi")
    .map((x) => ({ id: x.id, number: x.number, subject: x.subject }));
}

export const mountMergePages = (app: Hono<AppEnv>) => {
  const write = requirePermission("support.ticket.write");

  app.get(
    `/tickets/${ID}/merge/candidates`,
    write,
    async (c) => html(c, <MergeCandidates items={await candidates(c, c.req.param("id")!)} />),
  );

  /** Merging leads to the ticket merged into; a refusal stays on this ticket with the reason. */
  app.post(`/tickets/${ID}/merge`, write, async (c) => {
    const id = c.req.param("id")!;
    await getTicket(actorOf(c), id); // 404 first
    const form = await readForm(c);
    const intoId = typeof form.intoId === "string" ? form.intoId : "";
    const number = typeof form.number === "string" ? form.number : "";
    try {
      const r = isUuid(intoId)
        ? await mergeTicket(actorOf(c), { id, intoId })
        : await mergeByNumber(actorOf(c), { id, number });
      return redirectAfterPost(c, `/support/tickets/${r.ticket.id}`);
    } catch (err) {
      const { status } = problemFlash(err);
      const text = tr(c)(status === 400 ? "support.invalidForm" : "support.merge.error");
      return detailPage(c, id, { kind: "error", text }, status);
    }
  });
};
