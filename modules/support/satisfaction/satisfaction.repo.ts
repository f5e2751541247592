import type { Sql } from "../../../shared/db/database.ts";
import type { Status } from "../common/common.schemas.ts";
import type {
  Bucket,
  GroupBy,
  Rating,
  SatisfactionItem,
  SatisfactionRow,
  TicketRating,
} from "./satisfaction.schemas.ts";

export interface RatedTicketRow {
  id: string;
  number: string;
  subject: string;
  status: Status;
  assigneeId: string | null;
  teamId: string | null;
  customerId: string;
}

/** The facts a rating records (read, not locked: the portal role may not lock tickets). */
export async function ticketForRating(sql: Sql, id: string): Promise<RatedTicketRow | null> {
  const [row] = await sql<RatedTicketRow[]>`
    select id, number, subject, status, assignee_id, team_id, customer_id
    from support_tickets where id = ${id}`;
  return row ?? null;
}

/** Records a rating; false when the ticket has one already (one per ticket). */
export async function insertRating(
  sql: Sql,
  r: {
    id: string;
    ticketId: string;
    rating: Rating;
    comment: string;
    assigneeId: string | null;
    teamId: string | null;
    via: "portal" | "email";
  },
): Promise<boolean> {
  const rows = await sql`
    insert into support_ratings (id, ticket_id, rating, comment, assignee_id, team_id, via)
    values (${r.id}, ${r.ticketId}, ${r.rating}, ${r.comment}, ${r.assigneeId}, ${r.teamId},
      ${r.via})
    on conflict (tenant_id, ticket_id) do nothing
    returning id`;
  return rows.length === 1;
}

export async function findRating(sql: Sql, ticketId: string): Promise<TicketRating | null> {
  const [row] = await sql<TicketRating[]>`
    select rating, comment, rated_at from support_ratings where ticket_id = ${ticketId}`;
  return row ? { rating: row.rating, comment: row.comment, ratedAt: row.ratedAt } : null;
}

export async function insertRatingLink(
  sql: Sql,
  l: { id: string; ticketId: string; tokenHash: string; expiresAt: Date },
) {
  await sql`
    insert into support_rating_links (id, ticket_id, token_hash, expires_at)
    values (${l.id}, ${l.ticketId}, ${l.tokenHash}, ${l.expiresAt})`;
}

/** A link's tenant and id by its token's hash, before any tenant is known (definer function). */
export async function ratingLinkByHash(
  sql: Sql,
  hash: string,
): Promise<{ tenantId: string; id: string } | null> {
  const [row] = await sql<{ tenantId: string; id: string }[]>`
    select tenant_id, id from support_rating_link_by_token(${hash})`;
  return row ?? null;
}

export interface RatingLinkRow {
  id: string;
  ticketId: string;
  tokenHash: string;
  expired: boolean;
  usedAt: string | null;
}

/** The link under its tenant's policy, locked when it is about to be used. */
export async function findRatingLink(sql: Sql, id: string, lock = false) {
  const [row] = await sql<RatingLinkRow[]>`
    select id, ticket_id, token_hash, expires_at <= now() as expired, used_at
    from support_rating_links where id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ?? null;
}

export async function markRatingLinkUsed(sql: Sql, id: string) {
  await sql`update support_rating_links set used_at = now() where id = ${id}`;
}

/** The workspace facts a public rating page shows (its own tenant only, by policy). */
export async function currentWorkspace(sql: Sql) {
  const [row] = await sql<{
    id: string;
    slug: string;
    name: string;
    logo: string | null;
    accentColor: string | null;
    locale: string;
    timeZone: string;
  }[]>`
    select id, slug, name, logo, accent_color, locale, time_zone from tenants
    where id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)`;
  return row ?? null;
}

/** The workspace's time zone (report buckets and dates follow it). */
export async function workspaceTimeZone(sql: Sql): Promise<string> {
  return (await currentWorkspace(sql))?.timeZone ?? "UTC";
}

/** [from, to] as dates in the workspace's time zone, inclusive. */
const inPeriod = (sql: Sql, from: string, to: string, tz: string) =>
  sql`r.rated_at >= (${from}::date::timestamp at time zone ${tz})
    and r.rated_at < ((${to}::date + 1)::timestamp at time zone ${tz})`;

export interface RatingFilter {
  from: string;
  to: string;
  timeZone: string;
  rating?: Rating;
  agentId?: string;
  teamId?: string;
  withComment?: boolean;
  after?: { ratedAt: string; id: string };
  limit: number;
}

/** Ratings newest first (keyset on rated_at, id), with the names pages and exports show. */
export async function selectRatings(sql: Sql, f: RatingFilter): Promise<SatisfactionItem[]> {
  return await sql<SatisfactionItem[]>`
    select r.id, r.ticket_id, t.number as ticket_number, t.subject as ticket_subject, r.rating,
      r.comment, r.assignee_id as agent_id, md.name as agent_name, r.team_id,
      tm.name as team_name, t.customer_id, cu.name as customer_name, r.via, r.rated_at
    from support_ratings r
    join support_tickets t on t.id = r.ticket_id
    left join support_customers cu on cu.id = t.customer_id
    left join member_directory md on md.user_id = r.assignee_id
    left join support_teams tm on tm.id = r.team_id
    where ${inPeriod(sql, f.from, f.to, f.timeZone)}
      ${f.rating ? sql`and r.rating = ${f.rating}` : sql``}
      ${f.agentId ? sql`and r.assignee_id = ${f.agentId}` : sql``}
      ${f.teamId ? sql`and r.team_id = ${f.teamId}` : sql``}
      ${f.withComment ? sql`and r.comment <> ''` : sql``}
      ${
    f.after
      ? sql`and (r.rated_at, r.id) < (${f.after.ratedAt}::timestamptz, ${f.after.id}::uuid)`
      : sql``
  }
    order by r.rated_at desc, r.id desc
    limit ${f.limit + 1}`;
}

const COUNTS = (sql: Sql) =>
  sql`count(*) filter (where r.rating = 'good')::int as good,
    count(*) filter (where r.rating = 'bad')::int as bad, count(*)::int as total`;

/** Good and bad counts per agent, team or period bucket (buckets in the workspace's zone). */
export async function ratingCounts(
  sql: Sql,
  q: { groupBy: GroupBy; bucket: Bucket; from: string; to: string; timeZone: string },
): Promise<Omit<SatisfactionRow, "score">[]> {
  const where = inPeriod(sql, q.from, q.to, q.timeZone);
  if (q.groupBy === "agent") {
    return await sql<Omit<SatisfactionRow, "score">[]>`
      select r.assignee_id::text as key, md.name as label, ${COUNTS(sql)}
      from support_ratings r left join member_directory md on md.user_id = r.assignee_id
      where ${where}
      group by r.assignee_id, md.name order by total desc, md.name nulls last`;
  }
  if (q.groupBy === "team") {
    return await sql<Omit<SatisfactionRow, "score">[]>`
      select r.team_id::text as key, tm.name as label, ${COUNTS(sql)}
      from support_ratings r left join support_teams tm on tm.id = r.team_id
      where ${where}
      group by r.team_id, tm.name order by total desc, tm.name nulls last`;
  }
  // date_trunc('week') starts weeks on Monday (ISO), in the zone's local time.
  return await sql<Omit<SatisfactionRow, "score">[]>`
    select b.day as key, b.day as label, ${COUNTS(sql)}
    from support_ratings r
    cross join lateral (
      select to_char(date_trunc(${q.bucket}, r.rated_at at time zone ${q.timeZone}), 'YYYY-MM-DD')
        as day
    ) b
    where ${where}
    group by b.day order by b.day`;
}
