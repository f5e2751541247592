import type { Sql } from "../../../shared/db/database.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { eventPublisher, notify } from "../../../platform/notifications/public.ts";
import { memberPermissions } from "../../../platform/identity/public.ts";
import { supportEvents } from "../events.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { teamMemberIds } from "../organizations/organizations.service.ts";
import { raise } from "../tickets/tickets.rules.ts";
import type { Priority } from "../common/common.schemas.ts";
import {
  dueAlerts,
  fireEvent,
  moveOn,
  type SlaCandidate,
  tenantsWithDueAlerts,
  updateForEscalation,
} from "./sla.events.repo.ts";
import { AGENT_PERMISSION } from "../tickets/tickets.service.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";

const publish = eventPublisher(supportEvents);

export const SLA_JOB = "support.sla.check";

type Level = "warning" | "breach" | "escalation";
type Clock = "firstResponse" | "resolution";

async function tell(
  sql: Sql,
  bus: Bus,
  userIds: (string | null | undefined)[],
  t: SlaCandidate,
  title: string,
) {
  for (const userId of new Set(userIds.filter((x): x is string => !!x))) {
    if (!(await memberPermissions(sql, userId))) continue; // no longer an active member
    await notify({ sql, bus }, {
      userId,
      module: "support",
      title: `${t.number}: ${title}`,
      body: t.subject,
      link: `/support/tickets/${t.id}`,
    });
  }
}

/** Fires each due alert of one ticket once; the event row's key makes a repeat a no-op. */
async function process(sql: Sql, bus: Bus, t: SlaCandidate, now: number) {
  const clocks: [Clock, string | null, string | null, boolean][] = [
    ["firstResponse", t.firstResponseWarnAt, t.firstResponseDue, !t.firstRespondedAt],
    ["resolution", t.resolutionWarnAt, t.resolutionDue, !t.resolvedAt],
  ];
  const esc = t.escalation ?? {};
  for (const [clock, warnAt, due, running] of clocks) {
    if (!running || !warnAt || !due) continue;
    const label = clock === "firstResponse" ? "first response" : "resolution";
    const levels: Level[] = [];
    if (Date.parse(warnAt) <= now) levels.push("warning");
    if (Date.parse(due) <= now) {
      levels.push("breach");
      if (esc.userId || esc.teamId || esc.raisePriority || esc.reassignTo) {
        levels.push("escalation");
      }
    }
    for (const level of levels) {
      if (!(await fireEvent(sql, t.id, clock, level))) continue;
      await publish(sql, `support.sla.${level}`, { ticket: { ...t }, clock });
      if (level === "warning") {
        await tell(sql, bus, [t.assigneeId], t, `SLA ${label} due soon`);
      } else if (level === "breach") {
        await tell(sql, bus, [t.assigneeId], t, `SLA ${label} breached`);
      } else {
        const team = esc.teamId ? await teamMemberIds({ sql, bus }, esc.teamId) : [];
        await tell(sql, bus, [esc.userId, ...team], t, `SLA ${label} escalated`);
        const priority = esc.raisePriority ? raise(t.priority as Priority) : t.priority;
        // The reassignee was an agent when the policy was saved; they may have left since.
        const canTake = esc.reassignTo &&
          hasPermission((await memberPermissions(sql, esc.reassignTo)) ?? [], AGENT_PERMISSION);
        const assigneeId = canTake ? esc.reassignTo! : t.assigneeId;
        if (priority !== t.priority || assigneeId !== t.assigneeId) {
          await updateForEscalation(sql, t.id, priority, assigneeId);
          await recordActivity({ sql }, {
            module: "support",
            entityType: "ticket",
            entityId: t.id,
            action: "escalated",
            summary: `Escalated ${t.number} (SLA ${label} breached)`,
            before: { priority: t.priority, assigneeId: t.assigneeId },
            after: { priority, assigneeId },
          });
          const reassigned = assigneeId !== t.assigneeId;
          Object.assign(t, { priority, assigneeId });
          if (reassigned) await tell(sql, bus, [assigneeId], t, "Escalated to you");
        }
      }
    }
  }
}

/** Runs every minute in each workspace with an alert due, over its tickets with one. */
export async function checkSla(actor: SystemActor, now = Date.now()) {
  const { sql, bus } = actor;
  for (const t of await dueAlerts(sql, new Date(now))) {
    await process(sql, bus, t, now);
    await moveOn(sql, t.id);
  }
}

export const slaJob: SystemJob = {
  name: SLA_JOB,
  schedule: { cron: "* * * * *", perTenant: true, tenantsWithWork: tenantsWithDueAlerts },
  handler: (ctx) => ctx.scoped((sql) => checkSla({ sql, bus: ctx.bus })),
};
