/**
 * Who an alert acts as and who may get it: a member's session as a request would carry it
 * (roles and permissions of this workspace), and whether that member may view the alert's
 * application (the same per-application access as the pages).
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/modules.ts";
import { memberPermissions } from "../../../platform/identity/public.ts";
import { appLevel } from "../apps/access.service.ts";
import { memberOf } from "./alerts.repo.ts";

/** The member as an actor in this transaction, or null when no longer an active member. */
export async function memberActor(
  system: SystemActor,
  userId: string,
  tenantId: string,
): Promise<(Actor & { email: string }) | null> {
  const member = await memberOf(system.sql, userId);
  if (!member) return null;
  const permissions = await memberPermissions(system.sql, userId) ?? [];
  const session: Session = {
    userId,
    tenantId,
    email: member.email,
    name: member.name,
    isOperator: false,
    tenantSlug: "",
    tenantName: "",
    roles: member.roles,
    permissions,
    exp: Math.floor(Date.now() / 1000) + 3600,
    via: "bearer",
  };
  return { sql: system.sql, bus: system.bus, session, email: member.email };
}

/** The members among `userIds` who may view the app, with their e-mail addresses. */
export async function membersWithAccess(
  system: SystemActor,
  input: { userIds: string[]; appId: string; tenantId: string },
): Promise<{ userId: string; email: string }[]> {
  const out: { userId: string; email: string }[] = [];
  for (const userId of [...new Set(input.userIds)]) {
    const who = await memberActor(system, userId, input.tenantId);
    if (who && await appLevel(who, input.appId) !== null) {
      out.push({ userId, email: who.email });
    }
  }
  return out;
}
