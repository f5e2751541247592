/**
 * Who a queue job's step acts as: the process starter (the person whose permissions service
 * tasks use and who creates the step's tasks); history rows of job steps name no one.
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/modules.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";

export async function systemActor(sql: Sql, bus: Bus, userId: string | null): Promise<Actor> {
  const [{ tenantId }] = await sql`select current_setting('app.tenant_id') as tenant_id`;
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
