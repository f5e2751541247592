/**
 * The customer portal's ticket pages under /portal/<workspace>. Every page runs inside
 * withPortal (a signed-in customer required): one transaction as the portal role, scoped to the
 * customer. The upload route streams: its bytes flow between two short portal transactions.
 */
import type { Hono } from "hono";
import type { ComponentChildren } from "preact";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { Sql } from "../../../shared/db/sql.ts";
import { type C, many, one, pathId, readForm } from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { formatBytes, html } from "../../../ui/kit.ts";
import { isSameOrigin } from "../../../platform/identity/public.ts";
import { withPortal } from "../portal/portal.access.service.ts";
import type { PortalContext } from "../portal/portal.access.service.ts";
import { PortalLayout } from "../portal/portal.view.tsx";
import { getSettings } from "../settings/settings.service.ts";
import {
  closeAsCustomer,
  deflectWith,
  downloadPortalFile,
  draftFiles,
  listPortalTickets,
  maxFileBytes,
  openPortalTicket,
  type PortalActor,
  portalTicketPage,
  rateAsCustomer,
  reopenAsCustomer,
  replyAsCustomer,
  suggestForSubject,
  uploadDrafts,
  waitingDraftCount,
} from "./portal-tickets.service.ts";
import { ListQuery, NewTicketForm, RatingForm, ReplyForm } from "./portal-tickets.schemas.ts";
import {
  DeflectedThanks,
  type Errors,
  NewTicketPage,
  type NewTicketValues,
  PendingFiles,
  PortalTicketList,
  PortalTicketPage,
  portalTicketsPath,
  Suggestions,
} from "./portal-tickets.view.tsx";
import type { Flash } from "../../../shared/http/form.ts";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";

/** The upload route: it streams (manifest streamingPaths), outside the global body limit. */
export const PORTAL_UPLOAD_PATH = /^\/portal\/[^/]+\/uploads$/;

type Handler = (c: C, p: PortalActor) => Promise<Response>;

/**
 * A page for signed-in customers (withPortal redirects others to the sign-in page). The portal
 * cookie rides along on cross-site requests too, so a change must come from our own origin.
 */
const signedIn = (fn: Handler) => (c: C) => {
  if (c.req.method !== "GET" && !isSameOrigin(c)) {
    throw problems.forbidden("Cross-site request refused.");
  }
  return withPortal(
    c,
    { require: true },
    (ctx) => fn(c, { ...ctx, customer: ctx.customer!, bus: c.var.platform.bus }),
  );
};

function page(
  c: C,
  p: PortalContext,
  title: string,
  children: ComponentChildren,
  status: ContentfulStatusCode = 200,
) {
  return html(
    c,
    <PortalLayout tenant={p.tenant} customer={p.customer} locale={p.locale} title={title}>
      {children}
    </PortalLayout>,
    status,
  );
}

const isHtmx = (c: C) => c.req.header("HX-Request") === "true";

/** Back to a portal page after a post: htmx follows HX-Redirect, a plain form a 303. */
function redirect(c: C, to: string) {
  if (isHtmx(c)) {
    c.header("HX-Redirect", to);
    return c.body(null, 204);
  }
  return c.redirect(to, 303);
}

/**
 * Runs fn in a short portal transaction of its own (for the streaming upload route): a
 * failure rolls it back and is thrown; a request withPortal answers itself (not signed in,
 * unknown workspace) comes back as that answer.
 */
async function portalScope<T>(
  c: C,
  fn: (p: PortalActor) => Promise<T>,
): Promise<{ value: T } | { response: Response }> {
  let out: { value: T } | { error: unknown } | null = null;
  const response = await withPortal(c, { require: true }, async (ctx) => {
    try {
      out = { value: await fn({ ...ctx, customer: ctx.customer!, bus: c.var.platform.bus }) };
      return c.body(null, 204);
    } catch (error) {
      out = { error };
      return c.body(null, 500); // any answer ≥ 400 rolls the transaction back
    }
  });
  const done = out as { value: T } | { error: unknown } | null;
  if (!done) return { response };
  if ("error" in done) throw done.error;
  return done;
}

/** The form's field errors from the schema, in the reader's language. */
function fieldErrors(
  locale: "en" | "tr",
  issues: readonly { path: PropertyKey[]; code: string }[],
  keys: Record<string, { empty?: MessageKey; long: MessageKey }>,
): Errors {
  const errors: Errors = {};
  for (const i of issues) {
    const name = String(i.path[0] ?? "");
    const k = keys[name];
    if (!k || errors[name]) continue;
    errors[name] = t(locale, i.code === "too_small" && k.empty ? k.empty : k.long);
  }
  return errors;
}

const NEW_TICKET_ERRORS = {
  subject: {
    empty: "support.portalTickets.subjectRequired",
    long: "support.portalTickets.subjectTooLong",
  },
  description: { long: "support.portalTickets.descriptionTooLong" },
  attachmentIds: { long: "support.portalTickets.fileGone" },
  priority: { long: "support.portalTickets.priorityInvalid" },
} satisfies Record<string, { empty?: MessageKey; long: MessageKey }>;

const REPLY_ERRORS = {
  body: {
    empty: "support.portalTickets.replyRequired",
    long: "support.portalTickets.replyTooLong",
  },
  attachmentIds: { long: "support.portalTickets.fileGone" },
} satisfies Record<string, { empty?: MessageKey; long: MessageKey }>;

/** A field-level message of a Problem thrown by a service (files gone, window passed…). */
const flashOf = (err: unknown): { flash: Flash; status: 400 | 404 | 409 | 413 | 422 } => {
  if (!(err instanceof Problem) || err.status >= 500) throw err;
  return {
    flash: { kind: "error", text: err.detail ?? err.title },
    status: err.status as 400 | 404 | 409 | 413 | 422,
  };
};

async function listPage(c: C, p: PortalActor) {
  const query = ListQuery.parse({
    whose: c.req.query("whose"),
    status: c.req.query("status") ?? "",
    cursor: c.req.query("cursor"),
  });
  const list = await listPortalTickets(p, query);
  const done = c.req.query("done");
  const flash: Flash | undefined = done === "deflected"
    ? { kind: "ok", text: t(p.locale, "support.portalTickets.thanks") }
    : undefined;
  return page(
    c,
    p,
    t(p.locale, "support.portalTickets.title"),
    <PortalTicketList
      slug={p.tenant.slug}
      items={list.items}
      nextCursor={list.nextCursor}
      query={{ ...query, whose: list.company ? "company" : "mine" }}
      companyShared={list.companyShared}
      flash={flash}
    />,
  );
}

/** What the new-request form shows besides the typed values, read before any write. */
async function newTicketData(p: PortalActor, fileIds: string[]) {
  const [defaults, files, max] = await Promise.all([
    getSettings(p),
    draftFiles(p, fileIds),
    maxFileBytes(p),
  ]);
  return { defaultPriority: defaults.defaultPriority, files, hint: sizeHint(p, max) };
}

function newTicketPage(
  c: C,
  p: PortalActor,
  data: Awaited<ReturnType<typeof newTicketData>>,
  state: {
    values?: NewTicketValues;
    errors?: Errors;
    flash?: Flash;
    status?: ContentfulStatusCode;
  } = {},
) {
  return page(
    c,
    p,
    t(p.locale, "support.portalTickets.new"),
    <NewTicketPage
      slug={p.tenant.slug}
      values={state.values ?? { subject: "", description: "", priority: "" }}
      errors={state.errors ?? {}}
      allowPriority={p.settings.allowPriority}
      defaultPriority={data.defaultPriority}
      files={data.files}
      fileHint={data.hint}
      flash={state.flash}
    />,
    state.status,
  );
}

const sizeHint = (p: PortalActor, max: number) =>
  t(p.locale, "support.portalTickets.filesHint", { size: formatBytes(p.locale, max) });

async function createTicket(c: C, p: PortalActor) {
  const form = await readForm(c);
  const values = {
    subject: one(form.subject),
    description: typeof form.description === "string" ? form.description : "",
    priority: one(form.priority),
  };
  const fileIds = many(form.attachmentIds).filter(isUuid);
  // Read first: a refused write below leaves no statement to run after it.
  const data = await newTicketData(p, fileIds);
  const parsed = NewTicketForm.safeParse({
    ...values,
    // Without the tenant's leave a sent priority is ignored, not refused.
    priority: p.settings.allowPriority ? values.priority || undefined : undefined,
    attachmentIds: fileIds,
  });
  if (!parsed.success) {
    const errors = fieldErrors(p.locale, parsed.error.issues, NEW_TICKET_ERRORS);
    return newTicketPage(c, p, data, { values, errors, status: 422 });
  }
  try {
    const id = await openPortalTicket(p, parsed.data);
    return redirect(c, portalTicketsPath(p.tenant.slug, `/${id}?done=created`));
  } catch (err) {
    // The ≥ 400 answer rolls the transaction back: nothing of the ticket stays.
    const { flash, status } = flashOf(err);
    return newTicketPage(c, p, data, { values, flash, status });
  }
}

async function suggestions(c: C, p: PortalActor) {
  const items = await suggestForSubject(p, c.req.query("subject") ?? "");
  return html(c, <Suggestions slug={p.tenant.slug} items={items} />);
}

async function deflect(c: C, p: PortalActor) {
  const form = await readForm(c);
  const articleId = one(form.articleId);
  if (!isUuid(articleId) || !(await deflectWith(p, articleId))) {
    throw problems.notFound(t(p.locale, "support.portalTickets.notFoundText"));
  }
  if (!isHtmx(c)) return redirect(c, portalTicketsPath(p.tenant.slug, "?done=deflected"));
  return html(c, <DeflectedThanks slug={p.tenant.slug} />);
}

const DONE: Record<string, MessageKey> = {
  created: "support.portalTickets.created",
  replied: "support.portalTickets.replied",
  closed: "support.portalTickets.closedDone",
  reopened: "support.portalTickets.reopenedDone",
  rated: "support.portalTickets.ratedThanks",
};

/** Everything the ticket page shows, read before any write. */
async function ticketData(p: PortalActor, id: string, fileIds: string[]) {
  const [view, files, max] = await Promise.all([
    portalTicketPage(p, id),
    draftFiles(p, fileIds),
    maxFileBytes(p),
  ]);
  return { view, files, hint: sizeHint(p, max) };
}

function ticketPage(
  c: C,
  p: PortalActor,
  data: Awaited<ReturnType<typeof ticketData>>,
  state: { errors?: Errors; flash?: Flash; reply?: string; status?: ContentfulStatusCode } = {},
) {
  const { view } = data;
  const done = DONE[c.req.query("done") ?? ""];
  const flash = state.flash ??
    (done ? { kind: "ok" as const, text: t(p.locale, done) } : undefined);
  return page(
    c,
    p,
    `${view.ticket.number} · ${view.ticket.subject}`,
    <PortalTicketPage
      slug={p.tenant.slug}
      {...view}
      errors={state.errors ?? {}}
      flash={flash}
      reply={state.reply ?? ""}
      files={data.files}
      fileHint={data.hint}
    />,
    state.status,
  );
}

/** Field errors of a ticket form, drawn on the ticket page (nothing was written). */
class FormErrors extends Error {
  constructor(readonly errors: Errors) {
    super("form errors");
  }
}

/**
 * A ticket action. The page's data is read first (404 for a ticket the customer may not see),
 * so a refused action is drawn on the page without a statement after a failed one.
 */
function ticketAction(
  run: (p: PortalActor, id: string, form: Record<string, string | string[]>) => Promise<string>,
): Handler {
  return async (c, p) => {
    const id = pathId(c);
    const form = await readForm(c);
    const data = await ticketData(p, id, many(form.attachmentIds).filter(isUuid));
    try {
      const done = await run(p, id, form);
      return redirect(c, portalTicketsPath(p.tenant.slug, `/${id}?done=${done}`));
    } catch (err) {
      const reply = typeof form.body === "string" ? form.body : "";
      if (err instanceof FormErrors) {
        return ticketPage(c, p, data, { errors: err.errors, reply, status: 422 });
      }
      const { flash, status } = flashOf(err);
      return ticketPage(c, p, data, { flash, status, reply });
    }
  };
}

const reply = ticketAction(async (p, id, form) => {
  const fileIds = many(form.attachmentIds).filter(isUuid);
  const body = typeof form.body === "string" ? form.body : "";
  const parsed = ReplyForm.safeParse({ body, attachmentIds: fileIds });
  if (!parsed.success) {
    const errors = fieldErrors(p.locale, parsed.error.issues, REPLY_ERRORS);
    throw new FormErrors(errors);
  }
  await replyAsCustomer(p, { id, ...parsed.data });
  return "replied";
});

const rate = ticketAction(async (p, id, form) => {
  const parsed = RatingForm.safeParse({ rating: one(form.rating), comment: one(form.comment) });
  if (!parsed.success) {
    throw new FormErrors({ rating: t(p.locale, "support.portalTickets.rateRequired") });
  }
  await rateAsCustomer(p, { id, ...parsed.data });
  return "rated";
});

const close = ticketAction(async (p, id) => {
  await closeAsCustomer(p, id);
  return "closed";
});

const reopen = ticketAction(async (p, id) => {
  await reopenAsCustomer(p, id);
  return "reopened";
});

/** The files box again, after an upload or a removal; `keep` are the files already chosen. */
async function filesBox(
  c: C,
  p: PortalActor,
  keep: string[],
  extra: { error?: string; status?: ContentfulStatusCode } = {},
) {
  return html(
    c,
    <PendingFiles
      slug={p.tenant.slug}
      files={await draftFiles(p, keep)}
      hint={sizeHint(p, await maxFileBytes(p))}
      error={extra.error}
    />,
    extra.status ?? 200,
  );
}

/**
 * Files a customer may have uploaded and not yet sent: each upload counts towards the tenant's
 * quota until a form takes it, so one customer cannot fill the quota with files no one sees.
 */
const MAX_WAITING_DRAFTS = 20;

/** The kept files of an upload: named in the upload URL (the body streams to storage). */
const keptOf = (c: C) => (c.req.query("keep") ?? "").split(",").filter(isUuid).slice(0, 20);

async function upload(c: C) {
  if (!isSameOrigin(c)) throw problems.forbidden("Cross-site request refused.");
  const who = await portalScope(c, async (p) => ({
    tenantId: p.tenant.id,
    customerId: p.customer.id,
    max: await maxFileBytes(p),
    locale: p.locale,
    waiting: await waitingDraftCount(p),
  }));
  if ("response" in who) return who.response;
  const { tenantId, customerId, max, locale, waiting } = who.value;
  const scope = async <T,>(fn: (tx: Sql) => Promise<T>): Promise<T> => {
    const r = await portalScope(c, (p) => fn(p.sql));
    if ("response" in r) throw problems.notFound();
    return r.value;
  };
  let stored: { id: string }[] = [];
  let error: string | undefined;
  let status: ContentfulStatusCode = 200;
  try {
    if (waiting >= MAX_WAITING_DRAFTS) {
      throw problems.unprocessable(t(locale, "support.portalTickets.tooManyWaiting"));
    }
    stored = await uploadDrafts({ tenantId, customerId, bus: c.var.platform.bus }, {
      request: c.req.raw,
      scope,
      config: c.var.platform.config,
    });
  } catch (err) {
    if (!(err instanceof Problem) || err.status >= 500) throw err;
    status = err.status as ContentfulStatusCode;
    error = err.status === 413
      ? t(locale, "support.portalTickets.fileTooLarge", { size: formatBytes(locale, max) })
      : waiting >= MAX_WAITING_DRAFTS
      ? err.detail
      : t(locale, "support.portalTickets.fileFailed");
  }
  const keep = [...keptOf(c), ...stored.map((f) => f.id)];
  const answer = await portalScope(c, (p) => filesBox(c, p, keep, { error, status }));
  return "response" in answer ? answer.response : answer.value;
}

async function dropFile(c: C, p: PortalActor) {
  const form = await readForm(c);
  const drop = one(form.drop);
  return await filesBox(c, p, many(form.attachmentIds).filter((id) => id !== drop && isUuid(id)));
}

async function download(c: C, p: PortalActor) {
  return await downloadPortalFile(p, {
    id: pathId(c),
    fileId: pathId(c, "fileId"),
    request: c.req.raw,
  });
}

/** The portal's ticket pages, at the root (/portal/<workspace>/…). */
export function mountPortalTicketPages(app: Hono<AppEnv>) {
  const at = (rest: string) => `/portal/:workspace${rest}`;
  // The portal's start page is the customer's list of requests.
  app.get(at(""), signedIn(listPage));
  app.get(at("/tickets"), signedIn(listPage));
  app.get(
    at("/tickets/new"),
    signedIn(async (c, p) => newTicketPage(c, p, await newTicketData(p, []))),
  );
  app.post(at("/tickets/new"), signedIn(createTicket));
  app.get(at("/tickets/suggestions"), signedIn(suggestions));
  app.post(at("/tickets/deflect"), signedIn(deflect));
  app.post(at("/uploads"), upload);
  app.post(at("/uploads/drop"), signedIn(dropFile));
  app.get(
    at("/tickets/:id"),
    signedIn(async (c, p) => ticketPage(c, p, await ticketData(p, pathId(c), []))),
  );
  app.post(at("/tickets/:id/reply"), signedIn(reply));
  app.post(at("/tickets/:id/close"), signedIn(close));
  app.post(at("/tickets/:id/reopen"), signedIn(reopen));
  app.post(at("/tickets/:id/rate"), signedIn(rate));
  app.get(at("/tickets/:id/files/:fileId"), signedIn(download));
  return app;
}
