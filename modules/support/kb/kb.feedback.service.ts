/**
 * Feedback on articles from the help centre and the portal: "was this helpful" once per
 * visitor, and "solved by this article". Runs in the caller's transaction; under the portal
 * role only rows for public published articles can be added (the table's policies).
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { articleExists, insertFeedback } from "./kb.repo.ts";

export type FeedbackKind = "helpful" | "not_helpful" | "solved";

/** Adds one feedback row; false when the article is not visible or the visitor voted before. */
export async function recordFeedback(
  sql: Sql,
  f: { articleId: string; kind: FeedbackKind; visitor: string | null },
): Promise<boolean> {
  if (!isUuid(f.articleId)) return false;
  return await insertFeedback(sql, { id: uuidv7(), ...f });
}

/** Whether the article is visible in this scope (the portal role sees public published ones). */
export async function articleVisible(sql: Sql, articleId: string): Promise<boolean> {
  return isUuid(articleId) && await articleExists(sql, articleId);
}
