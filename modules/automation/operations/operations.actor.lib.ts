import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/modules.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { OperationError } from "./operations.lib.ts";

export interface AgentIdentity {
  id: string;
  name: string;
  createdBy: string | null;
}

/**
 * The agent's service identity: its creator's user id (records it makes point at a real
 * person, so foreign keys and "created by" hold) under the name "<agent> (agent)". Permissions
 * are set per operation by callOperation; none here.
 */
export function agentActor(sql: Sql, bus: Bus, tenantId: string, agent: AgentIdentity): Actor {
  if (!agent.createdBy) throw new OperationError("the agent has no owner to act for");
  const session: Session = {
    userId: agent.createdBy,
    tenantId,
    email: "",
    name: `${agent.name} (agent)`,
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
