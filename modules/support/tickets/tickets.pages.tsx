import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, formAction, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { listActivity } from "../../../platform/activity/public.ts";
import { tr } from "../../../ui/render.tsx";
import { TicketsPanel } from "./tickets.view.tsx";
import { TicketDetailView } from "./ticket-detail.view.tsx";
import type { Flash } from "../common/ui.view.tsx";
import { afterPost, respond } from "../common/resource.pages.tsx";
import { agentOptions, customerNames, options } from "../common/options.ts";
import {
  AssignInput,
  CommentInput,
  TicketInput,
  TicketQuery,
  TicketUpdate,
} from "./tickets.schemas.ts";
import {
  addComment,
  assignTicket,
  changeTicket,
  closeTicket,
  createTicket,
  getTicketRow,
  listComments,
  listTickets,
  reopenTicket,
  toTicket,
} from "./tickets.service.ts";
import { TRANSITIONS } from "./tickets.rules.ts";
import { ID_PARAM as ID } from "../../../shared/http/ids.ts";

const FILTERS = [
  "status",
  "priority",
  "assignee",
  "customerId",
  "companyId",
  "sla",
  "q",
  "createdFrom",
  "createdTo",
  "sort",
  "cursor",
];
const DATE = /^\d{4}-\d\d-\d\d$/;
/** Date inputs give days; the API takes instants: from the day's start to the next day's. */
const dayStart = (d: string | undefined, plus = 0) =>
  d && DATE.test(d) && !Number.isNaN(Date.parse(d))
    ? new Date(Date.parse(d) + plus * 86_400_000).toISOString()
    : d;

async function listPanel(c: C, flash?: Flash) {
  const query: Record<string, string> = {};
  for (const k of FILTERS) {
    const v = c.req.query(k);
    if (v) query[k] = v.slice(0, 500);
  }
  const parsed = TicketQuery.safeParse({
    ...query,
    createdFrom: dayStart(query.createdFrom),
    createdTo: dayStart(query.createdTo, 1),
    limit: 25,
  });
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: `query.${i.path.join(".")}`, message: i.message })),
    );
  }
  const page = await listTickets(c.var.sql, c.var.session.userId, parsed.data);
  // The selects list the first 200 customers; the rows name their own customer in any case.
  const customers = await options(c.var.sql, "support_customers");
  const known = new Set(customers.map(([id]) => id));
  const extra = await customerNames(
    c.var.sql,
    page.items.map((x) => x.customerId).filter((id) => !known.has(id)),
  );
  return (
    <TicketsPanel
      l={c.var.locale}
      items={page.items}
      nextCursor={page.nextCursor}
      query={query}
      customers={[...customers, ...extra]}
      companies={await options(c.var.sql, "support_companies")}
      members={await agentOptions(c.var.sql, page.items.map((x) => x.assigneeId))}
      agents={await agentOptions(c.var.sql)}
      canWrite={hasPermission(c.var.session.permissions, "support.ticket.write")}
      flash={flash}
    />
  );
}

async function detailPanel(c: C, id: string, flash?: Flash) {
  const sql = c.var.sql;
  const ticket = toTicket(await getTicketRow(sql, id));
  const history = await listActivity(sql, {
    module: "support",
    entityType: "ticket",
    entityId: id,
    limit: 50,
  });
  const comments = await listComments(sql, id, 100);
  const customers = await customerNames(sql, [ticket.customerId]);
  return (
    <TicketDetailView
      l={c.var.locale}
      ticket={ticket}
      customerName={customers.get(ticket.customerId) ?? ticket.customerId}
      comments={comments.items}
      history={history}
      members={await agentOptions(sql, [ticket.assigneeId])}
      next={TRANSITIONS[ticket.status]}
      canWrite={hasPermission(c.var.session.permissions, "support.ticket.write")}
      flash={flash}
    />
  );
}

const tags = (v: unknown) =>
  typeof v === "string" ? v.split(",").map((x) => x.trim()).filter(Boolean) : undefined;

export const mountTicketPages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.ticket.read");
  const write = requirePermission("support.ticket.write");
  const title = (c: C) => tr(c)("page.tickets");

  app.get("/tickets", read, async (c) => respond(c, title(c), await listPanel(c)));
  app.post("/tickets", write, async (c) => {
    const form = await readForm(c);
    let created: string | undefined;
    const { flash, status } = await formAction(
      TicketInput,
      { ...form, tags: tags(form.tags) },
      async (data) => {
        created = (await createTicket(actorOf(c), data)).id;
        return { kind: "ok", text: tr(c)("support.created") };
      },
    );
    if (created) {
      return redirectAfterPost(c, `/support/tickets/${created}`);
    }
    return respond(c, title(c), await listPanel(c, flash), status);
  });
  app.get(`/tickets/${ID}`, read, async (c) => {
    const id = c.req.param("id");
    const panel = await detailPanel(c, id);
    return respond(c, (await getTicketRow(c.var.sql, id)).number, panel);
  });

  const action = (
    path: string,
    run: (c: C, id: string, form: Record<string, string | string[]>) => Promise<unknown>,
  ) =>
    app.post(`/tickets/${ID}${path}`, write, async (c) => {
      const id = c.req.param("id")!;
      await getTicketRow(c.var.sql, id); // 404 first
      const form = await readForm(c);
      const { flash, status } = await formAction(TicketUpdate.partial(), {}, async () => {
        await run(c, id, form);
        return { kind: "ok", text: tr(c)("support.saved") };
      });
      const redirect = afterPost(c, `/support/tickets/${id}`, status);
      if (redirect) return redirect;
      const number = (await getTicketRow(c.var.sql, id)).number;
      return respond(c, number, await detailPanel(c, id, flash), status);
    });

  const parseOrThrow = <T,>(
    schema: {
      safeParse(
        v: unknown,
      ): {
        success: boolean;
        data?: T;
        error?: { issues: { path: PropertyKey[]; message: string }[] };
      };
    },
    v: unknown,
  ): T => {
    const r = schema.safeParse(v);
    if (!r.success) {
      throw problems.validation(
        r.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      );
    }
    return r.data as T;
  };

  action(
    "",
    (c, id, form) =>
      changeTicket(
        actorOf(c),
        id,
        parseOrThrow(TicketUpdate, { ...form, tags: tags(form.tags) ?? [] }),
      ),
  );
  action("/status", (c, id, form) => {
    const to = form.status;
    if (to === "kapandi") return closeTicket(actorOf(c), id);
    if (to === "acik" && ["cozuldu", "kapandi"].includes(String(form.from))) {
      return reopenTicket(actorOf(c), id);
    }
    return changeTicket(actorOf(c), id, parseOrThrow(TicketUpdate, { status: to }));
  });
  action(
    "/assign",
    (c, id, form) =>
      assignTicket(
        actorOf(c),
        id,
        parseOrThrow(AssignInput, { assigneeId: form.assigneeId || null }).assigneeId,
      ),
  );
  action(
    "/comments",
    (c, id, form) => addComment(actorOf(c), id, parseOrThrow(CommentInput, form)),
  );
};
