import type { Hono } from "hono";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  type C,
  isHtmx,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { entityHistory, historyLabelsFor } from "../../../platform/activity/public.ts";
import { html, tr } from "../../../ui/kit.ts";
import { NewTicketDialog, NewTicketForm, TicketsPanel } from "./tickets.view.tsx";
import { TicketActions, TicketDetailView } from "./ticket-detail.view.tsx";
import type { Flash } from "../common/ui.view.tsx";
import { issuesState, respond, supportCrumbs } from "../common/resource.pages.tsx";
import { agentMembers, customerNames, options } from "../common/options.service.ts";
import { choice } from "../common/options.lib.ts";
import { supportHistory } from "../common/history.lib.ts";
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
  getTicket,
  listComments,
  listTickets,
  reopenTicket,
} from "./tickets.service.ts";
import { TRANSITIONS } from "./tickets.rules.ts";
import { PendingInput } from "../waiting/waiting.schemas.ts";
import { resumeTicket, setPending } from "../waiting/waiting.service.ts";
import { listMacros } from "../macros/macros.service.ts";
import type { ReplyDraft } from "../macros/macros.schemas.ts";
import { macroChoice } from "../macros/macros.view.tsx";
import { mergeTarget } from "../merge/merge.service.ts";
import { ticketTime } from "../time/time.service.ts";
import { ratingOfTicket } from "../satisfaction/satisfaction.service.ts";
import { TicketRatingCard } from "../satisfaction/satisfaction.view.tsx";
import { replyContext } from "../replies/replies.page.service.ts";
import { replyFormInput } from "../replies/replies.lib.ts";
import { ID_PARAM as ID } from "../../../shared/http/ids.ts";
import { openingMail } from "../mail/mail.service.ts";

const FILTERS = [
  "status",
  "priority",
  "assignee",
  "customerId",
  "companyId",
  "sla",
  "team",
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

/** What a refused ticket action (422) says, by action path. */
const ACTION_ERRORS: Record<string, MessageKey> = {
  "": "support.error.closedTicket",
  "/status": "support.error.move",
  "/reopen": "support.error.move",
  "/assign": "support.error.assign",
  "/comments": "support.error.closedTicket",
  "/pending": "support.error.pending",
  "/team": "support.error.team",
};

const canWrite = (c: C) => hasPermission(c.var.session.permissions, "support.ticket.write");
const listCrumbs = (c: C) =>
  supportCrumbs(c, { label: tr(c)("page.tickets"), href: "/support/tickets" });

/** Choices of the new-ticket form: customers and the members who may work tickets. */
async function newTicketChoices(c: C) {
  const [customers, members, teams] = await Promise.all([
    options(actorOf(c), "support_customers"),
    agentMembers(actorOf(c)),
    options(actorOf(c), "support_teams"),
  ]);
  return { customers, members: members.map(choice), teams };
}

/** The list's data and the choices its filters (and the new-ticket form) offer. */
async function listData(c: C) {
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
  const actor = actorOf(c);
  // Independent reads go out together (pipelined on the request's connection): two round
  // trips for the whole list. The selects list the first 200 customers; the rows name their
  // own customer in any case.
  const [page, customers, companies, agents, teams] = await Promise.all([
    listTickets(actor, parsed.data),
    options(actor, "support_customers"),
    options(actor, "support_companies"),
    agentMembers(actor),
    options(actor, "support_teams"),
  ]);
  const known = new Set(agents.map((m) => m.userId));
  // An assignee who has since lost the permission still shows by name (rare: a second read).
  const former = page.items.some((x) => x.assigneeId && !known.has(x.assigneeId));
  const [members, rowCustomers] = await Promise.all([
    former ? agentMembers(actor, page.items.map((x) => x.assigneeId)) : agents,
    customerNames(actor, {
      ids: page.items.map((x) => x.customerId),
      known: new Map(customers),
    }),
  ]);
  const names = new Map([
    ...customers,
    ...rowCustomers,
    ...members.map((m): [string, string] => [m.userId, m.name]),
  ]);
  return { query, page, customers, companies, agents, members, names, teams };
}

function listPanelOf(d: Awaited<ReturnType<typeof listData>>, flash?: Flash) {
  return (
    <TicketsPanel
      items={d.page.items}
      nextCursor={d.page.nextCursor}
      query={d.query}
      customers={d.customers}
      companies={d.companies}
      members={d.members.map(choice)}
      names={d.names}
      flash={flash}
      teams={d.teams}
    />
  );
}

async function listPage(c: C, flash?: Flash, status: Status = 200) {
  const t = tr(c);
  const d = await listData(c);
  return respond(c, t("page.tickets"), listPanelOf(d, flash), {
    status,
    actions: canWrite(c)
      ? (
        <NewTicketDialog
          customers={d.customers}
          members={d.agents.map(choice)}
          teams={d.teams}
        />
      )
      : undefined,
  });
}

/** The ticket page: facts, comments, history; what may be done with it in the header. */
export async function detailPage(
  c: C,
  id: string,
  flash?: Flash,
  status: Status = 200,
  /** The reply box's text: a macro's after "Apply macro", or what was written, kept. */
  draft?: ReplyDraft,
) {
  const actor = actorOf(c);
  const l = c.var.locale;
  const ticket = await getTicket(actor, id);
  const customers = await customerNames(actor, { ids: [ticket.customerId] });
  const members = await agentMembers(actor, [ticket.assigneeId]);
  const history = await entityHistory(c, {
    module: "support",
    entityType: "ticket",
    entityId: id,
    limit: 50,
    headingId: "ticket-history",
    labels: historyLabelsFor(c, supportHistory(l, customers)),
  });
  const comments = await listComments(actor, { ticketId: id, limit: 100 });
  const write = canWrite(c);
  const [macros, mergedInto, minutesTotal, reply, teams] = await Promise.all([
    write ? listMacros(actor) : [],
    ticket.mergedIntoId ? mergeTarget(actor, id) : null,
    ticketTime(actor, id),
    replyContext(actor, ticket),
    options(actor, "support_teams"),
  ]);
  const originalMailId = await openingMail(actor, id);
  const rated = ticket.status === "cozuldu" || ticket.status === "kapandi";
  const rating = rated ? await ratingOfTicket(actor, id) : null;
  return respond(
    c,
    ticket.number,
    <TicketDetailView
      ticket={ticket}
      customerName={customers.get(ticket.customerId) ?? tr(c)("support.customer.unknown")}
      assigneeName={members.find((m) => m.userId === ticket.assigneeId)?.name ?? null}
      comments={comments.items}
      history={history}
      members={members.map(choice)}
      canWrite={write}
      flash={flash}
      macros={macros.map(macroChoice)}
      draft={draft}
      mergedInto={mergedInto}
      minutesTotal={minutesTotal}
      files={reply.files}
      customerEmail={reply.customerEmail}
      originalMailId={originalMailId}
      teams={teams}
      satisfaction={rated ? <TicketRatingCard rating={rating} /> : undefined}
    />,
    {
      status,
      whole: true,
      crumbs: listCrumbs(c),
      actions: write
        ? <TicketActions ticket={ticket} next={TRANSITIONS[ticket.status]} />
        : undefined,
    },
  );
}

/** Turns invalid input into a 400 that names the fields (shown as the page's message). */
function parseOrThrow<T>(
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      data?: T;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  v: unknown,
): T {
  const r = schema.safeParse(v);
  if (!r.success) {
    throw problems.validation(
      r.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return r.data as T;
}

const tags = (v: unknown) =>
  typeof v === "string" ? v.split(",").map((x) => x.trim()).filter(Boolean) : undefined;

export const mountTicketPages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.ticket.read");
  const write = requirePermission("support.ticket.write");

  app.get("/tickets", read, (c) => listPage(c));
  app.post("/tickets", write, async (c) => {
    const form = await readForm(c);
    const parsed = TicketInput.safeParse({ ...form, tags: tags(form.tags) });
    let failed: { flash: Flash; status: Status; errors?: Record<string, string> };
    if (parsed.success) {
      try {
        const created = await createTicket(actorOf(c), parsed.data);
        return redirectAfterPost(c, `/support/tickets/${created.id}`);
      } catch (err) {
        failed = problemFlash(err);
      }
    } else {
      const { flash, errors } = issuesState(c, [
        { name: "subject", labelKey: "support.field.subject" },
        { name: "customerId", labelKey: "support.field.customer" },
        { name: "priority", labelKey: "support.field.priority" },
        { name: "assigneeId", labelKey: "support.field.assignee" },
        { name: "tags", labelKey: "support.field.tags" },
        { name: "description", labelKey: "support.field.description" },
      ], parsed.error.issues);
      failed = { flash: flash!, status: 400, errors };
    }
    // htmx: the form again, in its dialog, with the values sent and what to fix.
    if (isHtmx(c)) {
      return html(
        c,
        <NewTicketForm
          {...await newTicketChoices(c)}
          state={{ values: form, flash: failed.flash, errors: failed.errors }}
        />,
        failed.status,
      );
    }
    return listPage(c, failed.flash, failed.status);
  });
  app.get(`/tickets/${ID}`, read, (c) => detailPage(c, c.req.param("id")));

  /**
   * A ticket action: a plain post redirects back to the ticket; htmx gets the ticket page with
   * the outcome (its forms swap the page's content). A rule or input failure is the message.
   */
  const action = (
    path: string,
    run: (c: C, id: string, form: Record<string, string | string[]>) => Promise<unknown>,
  ) =>
    app.post(`/tickets/${ID}${path}`, write, async (c) => {
      const id = c.req.param("id")!;
      await getTicket(actorOf(c), id); // 404 first
      const form = await readForm(c);
      let flash: Flash;
      let status: Status = 200;
      try {
        await run(c, id, form);
        flash = { kind: "ok", text: tr(c)("support.saved") };
      } catch (err) {
        ({ flash, status } = problemFlash(err));
        // The service explains in English with status codes; people read it in their words.
        const key = status === 400 ? "support.invalidForm" : ACTION_ERRORS[path];
        if (key && (status === 400 || status === 422)) flash = { kind: "error", text: tr(c)(key) };
      }
      if (status === 200 && !isHtmx(c)) return c.redirect(`/support/tickets/${id}`, 303);
      return detailPage(c, id, flash, status);
    });

  action(
    "",
    (c, id, form) =>
      changeTicket(actorOf(c), {
        id,
        patch: parseOrThrow(TicketUpdate, { ...form, tags: tags(form.tags) ?? [] }),
      }),
  );
  action("/status", (c, id, form) => {
    const to = form.status;
    if (to === "kapandi") return closeTicket(actorOf(c), id);
    if (to === "acik" && ["cozuldu", "kapandi"].includes(String(form.from))) {
      return reopenTicket(actorOf(c), id);
    }
    return changeTicket(actorOf(c), {
      id,
      patch: parseOrThrow(TicketUpdate, { status: to }),
    });
  });
  action("/reopen", (c, id) => reopenTicket(actorOf(c), id));
  // Team and waiting (queues/, waiting/): the same outcome handling as every ticket action.
  action("/team", (c, id, form) =>
    changeTicket(actorOf(c), {
      id,
      patch: parseOrThrow(TicketUpdate, { teamId: form.teamId || null }),
    }));
  action(
    "/pending",
    (c, id, form) =>
      setPending(actorOf(c), { id, ...parseOrThrow(PendingInput, { reason: form.reason }) }),
  );
  action("/resume", (c, id) => resumeTicket(actorOf(c), id));
  action(
    "/assign",
    (c, id, form) =>
      assignTicket(actorOf(c), {
        id,
        assigneeId: parseOrThrow(AssignInput, { assigneeId: form.assigneeId || null }).assigneeId,
      }),
  );
  action(
    "/comments",
    (c, id, form) =>
      addComment(actorOf(c), {
        ticketId: id,
        // "Time spent (minutes)" comes as text; empty means none.
        ...parseOrThrow(CommentInput, {
          ...form,
          minutes: form.minutes ? Number(form.minutes) : undefined,
          ...replyFormInput(form),
        }),
      }),
  );
};
