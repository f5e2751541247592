import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { crudService } from "../common/crud.service.ts";
import { hasWorkingTime, isTimeZone } from "./business-hours.ts";
import { clearDefault, slaRepo } from "./sla.repo.ts";
import type { SlaPolicy } from "./sla.schemas.ts";

async function prepare(sql: Sql, input: Record<string, unknown>, before: SlaPolicy | null) {
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
  if (input.isDefault) await clearDefault(sql, before?.id ?? null);
  return input;
}

export const slaService = crudService(slaRepo, {
  entityType: "sla-policy",
  noun: "SLA policy",
  label: (r) => r.name,
  prepare,
});
