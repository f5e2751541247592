import type { Actor } from "../../shared/http/actor.ts";
import { problems } from "../../shared/http/problem.ts";
import { answerInvitationRow } from "./users.repo.ts";

/**
 * Accepts or declines an invitation of the current user into another tenant. The write runs
 * under that tenant's context (RLS allows writes only there), then the request's is restored.
 */
export async function answerInvitation(
  { sql, session }: Actor,
  { tenantId, accept }: { tenantId: string; accept: boolean },
) {
  if (!await answerInvitationRow(sql, session.userId, tenantId, accept)) {
    throw problems.notFound("No such invitation.");
  }
}
