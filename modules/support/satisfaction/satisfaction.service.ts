import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { setTenant, withScope } from "../../../shared/db/scope.ts";
import type { Config } from "../../../shared/config.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { type CsvColumn, toCsv } from "../../../shared/http/csv.ts";
import { decodeCursor, encodeCursor } from "../../../shared/http/paging.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { timingSafeEqual } from "../../../shared/crypto/bytes.ts";
import { hashLinkToken, LINK_TOKEN, newLinkToken } from "../../../platform/identity/public.ts";
import {
  currentWorkspace,
  findRating,
  findRatingLink,
  insertRating,
  insertRatingLink,
  markRatingLinkUsed,
  ratingCounts,
  ratingLinkByHash,
  selectRatings,
  ticketForRating,
  workspaceTimeZone,
} from "./satisfaction.repo.ts";
import { canRate, LINK_DAYS, ratingPeriod, score } from "./satisfaction.rules.ts";
import {
  COMMENT_MAX,
  type Rating,
  RATINGS,
  type SatisfactionItem,
  type SatisfactionListQuery,
  type SatisfactionReport,
  type SatisfactionReportQuery,
  type SatisfactionRow,
  type TicketRating,
} from "./satisfaction.schemas.ts";

export type { Rating, TicketRating };

// ---------------------------------------------------------------------------------------------
// Recording: one rule for the portal and the e-mail link.

function checkInput(input: { rating: string; comment: string }) {
  const errors = [];
  if (!(RATINGS as readonly string[]).includes(input.rating)) {
    errors.push({ path: "rating", message: "good or bad" });
  }
  const comment = (input.comment ?? "").trim();
  if (comment.length > COMMENT_MAX) {
    errors.push({ path: "comment", message: `at most ${COMMENT_MAX} characters` });
  }
  if (errors.length) throw problems.validation(errors);
  return { rating: input.rating as Rating, comment };
}

const alreadyRated = () => problems.conflict("This ticket has been rated already.");

/**
 * The one rule: the ticket visible to `sql`'s scope (404), solved or closed (422), not rated
 * yet (409). The rating keeps who had the ticket and its team at this moment.
 */
async function recordRating(
  sql: Sql,
  ticketId: string,
  input: { rating: string; comment: string },
  via: "portal" | "email",
) {
  const { rating, comment } = checkInput(input);
  const ticket = await ticketForRating(sql, ticketId);
  if (!ticket) throw problems.notFound("No such ticket.");
  if (!canRate(ticket.status)) {
    throw problems.unprocessable("Only a solved or closed ticket can be rated.");
  }
  const stored = await insertRating(sql, {
    id: uuidv7(),
    ticketId,
    rating,
    comment,
    assigneeId: ticket.assigneeId,
    teamId: ticket.teamId,
    via,
  });
  if (!stored) throw alreadyRated();
}

/** Records the signed-in customer's rating. `sql` is the portal-role transaction, so a ticket
 * the customer may not see is not found (404); a second rating is 409; an open ticket is 422. */
export async function rateTicketAsCustomer(
  sql: Sql,
  input: { ticketId: string; rating: Rating; comment: string },
): Promise<void> {
  await recordRating(sql, input.ticketId, input, "portal");
}

/** The ticket's rating, or null when it has none (or is not visible to `sql`'s scope). */
export async function ticketRating(sql: Sql, ticketId: string): Promise<TicketRating | null> {
  return await findRating(sql, ticketId);
}

// ---------------------------------------------------------------------------------------------
// The link in the closing e-mail.

let linkOrigin = "http://localhost:8000";

/**
 * Where rating links point: PUBLIC_URL, else this server's own address (a ticket closes in a
 * job or an API call as well, so no request's Host can be trusted for it).
 */
export function configureRatingLinks(config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">) {
  if (config.PUBLIC_URL) {
    linkOrigin = new URL(config.PUBLIC_URL).origin;
    return;
  }
  const wildcard = ["", "0.0.0.0", "::", "[::]"].includes(config.HOST);
  const host = wildcard
    ? "localhost"
    : config.HOST.includes(":") && !config.HOST.startsWith("[")
    ? `[${config.HOST}]`
    : config.HOST;
  linkOrigin = `http://${host}:${config.PORT}`;
}

export const ratingPath = (token: string) => `/support/rate/${token}`;

/**
 * The `ratingLink` of a customer mail about a ticket: a new single-use link (its hash stored,
 * valid LINK_DAYS days) when the mail closes the ticket, or announces it solved; "" otherwise.
 */
export async function ratingLinkForMail(
  sql: Sql,
  kind: string,
  data: { ticket: { id: string; status: string }; changes?: unknown },
): Promise<string> {
  const solvedNow = kind === "updated" && data.ticket.status === "cozuldu" &&
    Array.isArray(data.changes) && data.changes.includes("status");
  if (kind !== "closed" && !solvedNow) return "";
  const token = newLinkToken();
  await insertRatingLink(sql, {
    id: uuidv7(),
    ticketId: data.ticket.id,
    tokenHash: await hashLinkToken(token),
    expiresAt: new Date(Date.now() + LINK_DAYS * 86_400_000),
  });
  return new URL(ratingPath(token), linkOrigin).toString();
}

export type LinkState = "open" | "rated" | "used" | "expired" | "notSolved";

export interface RatingLinkView {
  state: LinkState;
  workspace: NonNullable<Awaited<ReturnType<typeof currentWorkspace>>>;
  ticket: { number: string; subject: string };
  rating: TicketRating | null;
}

/** In a transaction with no tenant: the link's row under its own tenant, or undefined. */
async function enterLink(tx: Sql, token: string, lock: boolean) {
  if (!LINK_TOKEN.test(token)) return undefined;
  const hash = await hashLinkToken(token);
  const found = await ratingLinkByHash(tx, hash);
  if (!found) return undefined;
  await setTenant(tx, found.tenantId);
  const link = await findRatingLink(tx, found.id, lock);
  const bytes = (s: string) => new TextEncoder().encode(s);
  if (!link || !timingSafeEqual(bytes(link.tokenHash), bytes(hash))) return undefined;
  const workspace = await currentWorkspace(tx);
  return workspace ? { link, workspace } : undefined;
}

async function linkView(tx: Sql, token: string, lock: boolean) {
  const entered = await enterLink(tx, token, lock);
  if (!entered) return null;
  const { link, workspace } = entered;
  const ticket = await ticketForRating(tx, link.ticketId);
  if (!ticket) return null;
  const rating = await findRating(tx, ticket.id);
  const state: LinkState = link.usedAt
    ? "used"
    : rating
    ? "rated"
    : link.expired
    ? "expired"
    : canRate(ticket.status)
    ? "open"
    : "notSolved";
  const view: RatingLinkView = {
    state,
    workspace,
    ticket: { number: ticket.number, subject: ticket.subject },
    rating,
  };
  return { view, linkId: link.id, ticketId: ticket.id };
}

/** What the public rating page shows for a token; null for an unknown one. Changes nothing. */
export async function openRatingLink(db: Sql, token: string): Promise<RatingLinkView | null> {
  return await withScope(db, {}, async (tx) => (await linkView(tx, token, false))?.view ?? null);
}

/** The refusal of a link that is not open, as the API and the page answer it. */
function refusal(state: Exclude<LinkState, "open">): Problem {
  if (state === "rated") return alreadyRated();
  if (state === "notSolved") {
    return problems.unprocessable("Only a solved or closed ticket can be rated.");
  }
  return new Problem(
    410,
    "link-gone",
    "Gone",
    state === "used" ? "This rating link was used already." : "This rating link has expired.",
  );
}

/**
 * Rates the link's ticket: once per link, before it expires, and only while the ticket has no
 * rating (the same rule as the portal). The link's workspace is the only one it can touch.
 */
export async function rateByLink(
  db: Sql,
  token: string,
  input: { rating: string; comment: string },
): Promise<RatingLinkView> {
  return await withScope(db, {}, async (tx) => {
    const found = await linkView(tx, token, true);
    if (!found) throw problems.notFound("This rating link does not exist.");
    const { view, linkId, ticketId } = found;
    if (view.state !== "open") throw refusal(view.state);
    await recordRating(tx, ticketId, input, "email");
    await markRatingLinkUsed(tx, linkId);
    return { ...view, state: "rated", rating: await findRating(tx, ticketId) };
  });
}

// ---------------------------------------------------------------------------------------------
// The agents' side: the ticket page, the list and the report.

/** A ticket's rating for its agent page (the ticket was read under the tenant's policy). */
export async function ratingOfTicket(actor: SystemActor, ticketId: string) {
  return await findRating(actor.sql, ticketId);
}

async function period(sql: Sql, q: { from?: string; to?: string }) {
  const timeZone = await workspaceTimeZone(sql);
  const p = ratingPeriod(q, timeZone);
  if ("error" in p) throw problems.validation([{ path: `query.${p.path}`, message: p.error }]);
  return { ...p, timeZone };
}

/** Ratings newest first, filtered; keyset pages. */
export async function listRatings(
  actor: SystemActor,
  q: SatisfactionListQuery,
): Promise<{ items: SatisfactionItem[]; nextCursor: string | null }> {
  const range = await period(actor.sql, q);
  const cursor = decodeCursor(q.cursor, ["timestamp", "uuid"]);
  const rows = await selectRatings(actor.sql, {
    ...range,
    rating: q.rating,
    agentId: q.agentId,
    teamId: q.teamId,
    withComment: q.withComment,
    after: cursor ? { ratedAt: cursor[0] as string, id: cursor[1] as string } : undefined,
    limit: q.limit,
  });
  const more = rows.length > q.limit;
  const items = rows.slice(0, q.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: more && last ? encodeCursor([last.ratedAt, last.id]) : null,
  };
}

/** Good and bad per agent, team or period, with the score (share of good). */
export async function satisfactionReport(
  actor: SystemActor,
  q: Omit<SatisfactionReportQuery, "format">,
): Promise<SatisfactionReport> {
  const range = await period(actor.sql, q);
  const counts = await ratingCounts(actor.sql, { ...range, groupBy: q.groupBy, bucket: q.bucket });
  const rows: SatisfactionRow[] = counts.map((r) => ({ ...r, score: score(r.good, r.bad) }));
  const good = rows.reduce((n, r) => n + r.good, 0);
  const bad = rows.reduce((n, r) => n + r.bad, 0);
  return {
    groupBy: q.groupBy,
    bucket: q.bucket,
    ...range,
    rows,
    totals: { good, bad, total: good + bad, score: score(good, bad) },
  };
}

/** The report as a CSV file (one row per agent, team or period). */
export async function satisfactionReportFile(
  actor: SystemActor,
  q: Omit<SatisfactionReportQuery, "format">,
) {
  const report = await satisfactionReport(actor, q);
  const columns: CsvColumn<SatisfactionRow>[] = [
    { header: q.groupBy === "period" ? q.bucket : q.groupBy, value: (r) => r.label },
    { header: "good", value: (r) => r.good },
    { header: "bad", value: (r) => r.bad },
    { header: "total", value: (r) => r.total },
    { header: "scorePercent", value: (r) => r.score },
  ];
  return {
    filename: `support-satisfaction-${q.groupBy}-${report.from}-${report.to}.csv`,
    csv: toCsv(report.rows, columns),
  };
}
