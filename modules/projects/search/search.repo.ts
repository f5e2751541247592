import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { orderedMatches } from "../../../shared/db/search.ts";
import { escapeLike } from "../../../shared/text/fold.ts";
import { visibleProjects } from "../access/access.repo.ts";

/**
 * Projects the caller may see whose folded name contains the folded query: active ones first,
 * newest first. Projects are few per tenant, so the name is folded at query time.
 */
export async function projectHits(sql: Sql, session: Session, folded: string, limit: number) {
  return await sql<{ id: string; name: string; description: string }[]>`
    select p.id, p.name, p.description from projects p
    where ${visibleProjects(sql, session)}
      and platform_fold(p.name) like ${`%${escapeLike(folded)}%`}
    order by p.archived, p.created_at desc, p.id desc limit ${limit}`;
}

/** The newest tasks of visible projects whose folded title or description contain the query. */
export async function taskHits(sql: Sql, session: Session, folded: string, limit: number) {
  return await orderedMatches<{ id: string; title: string; projectName: string }>(sql, {
    table: "tasks",
    column: "search_text",
    key: "created_at, id",
    desc: true,
    filter: visibleProjects(sql, session, sql`project_id`),
    folded,
    limit,
    columns: sql`id, title,
      (select p.name from projects p where p.id = project_id) as project_name`,
  });
}
