import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { crudService } from "../common/crud.service.ts";
import { addBusinessMinutes, hasWorkingTime, isTimeZone } from "./business-hours.rules.ts";
import { activeMembers } from "../../../platform/identity/public.ts";
import { teamsRepo } from "../organizations/organizations.repo.ts";
import { assertAgent } from "../tickets/tickets.service.ts";
import { clearDefault, slaRepo } from "./sla.repo.ts";
import type { SlaPolicy, SlaPolicyInput, SlaPolicyUpdate } from "./sla.schemas.ts";

async function prepare(
  actor: Actor,
  input: Record<string, unknown>,
  before: SlaPolicy | null,
) {
  const { sql } = actor;
  const calendar = input.calendar as SlaPolicy["calendar"] | undefined;
  if (calendar) {
    if (!isTimeZone(calendar.timeZone)) {
      throw problems.unprocessable(`Unknown time zone ${calendar.timeZone}.`);
    }
    if (!hasWorkingTime(calendar)) {
      throw problems.unprocessable("The calendar needs at least one working period.");
    }
  }
  for (const [p, t] of Object.entries((input.targets ?? {}) as SlaPolicy["targets"])) {
    if (t.resolutionMinutes < t.firstResponseMinutes) {
      throw problems.unprocessable(
        `Priority ${p}: resolution must not come before first response.`,
      );
    }
  }
  // Every target must be reachable within the calendar (ten years of working time at most).
  const cal = (calendar ?? before?.calendar)!;
  const tgs = (input.targets ?? before?.targets)!;
  const longest = Math.max(...Object.values(tgs).map((t) => t.resolutionMinutes));
  try {
    addBusinessMinutes(new Date(), longest, cal);
  } catch {
    throw problems.unprocessable("A target does not fit in ten years of the calendar's hours.");
  }
  const esc = input.escalation as SlaPolicy["escalation"] | undefined;
  if (esc?.userId && !(await activeMembers(sql, [esc.userId])).length) {
    throw problems.unprocessable("The escalation user is not an active member.");
  }
  if (esc?.teamId && !(await teamsRepo.get(sql, esc.teamId))) {
    throw problems.unprocessable("No such team.");
  }
  if (esc?.reassignTo) await assertAgent(actor, esc.reassignTo);
  if (input.isDefault) await clearDefault(sql, before?.id ?? null);
  return input;
}

export const slaService = crudService<SlaPolicy, SlaPolicyInput, SlaPolicyUpdate>(slaRepo, {
  entityType: "sla-policy",
  noun: "SLA policy",
  label: (r) => r.name,
  prepare,
});
