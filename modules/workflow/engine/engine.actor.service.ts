/**
 * Who a queue job's step acts as: the process starter (the person whose permissions service
 * tasks use and who creates the step's tasks); history rows of job steps name no one.
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/modules.ts";
import { currentTenantId } from "./engine.repo.ts";

export async function systemActor(
  system: SystemActor,
  userId: string | null,
): Promise<Actor> {
  const { sql, bus } = system;
  const tenantId = await currentTenantId(sql);
  const session: Session = {
    // A process started by an event may have no person behind it: rows get null then.
    userId: userId as string,
    tenantId,
    email: "",
    name: "workflow",
    isOperator: false,
    tenantSlug: "",
    tenantName: "",
    roles: [],
    permissions: [],
    exp: Math.floor(Date.now() / 1000) + 3600,
    via: "bearer",
  };
  return { sql, bus, session };
}
