import { addBusinessMinutes } from "./business-hours.rules.ts";
import type { SlaPolicy } from "./sla.schemas.ts";
import type { Priority } from "../common/common.schemas.ts";

export interface Clocks {
  slaPolicyId: string | null;
  firstResponseWarnAt: Date | null;
  firstResponseDue: Date | null;
  resolutionWarnAt: Date | null;
  resolutionDue: Date | null;
}

/** Due and warning times of a ticket opened at `openedAt`, in the policy's business time. */
export function computeClocks(
  policy: SlaPolicy | undefined,
  priority: Priority,
  openedAt: Date,
): Clocks {
  if (!policy) {
    return {
      slaPolicyId: null,
      firstResponseWarnAt: null,
      firstResponseDue: null,
      resolutionWarnAt: null,
      resolutionDue: null,
    };
  }
  const target = policy.targets[priority];
  const at = (minutes: number) => addBusinessMinutes(openedAt, minutes, policy.calendar);
  const warn = (minutes: number) => at(Math.floor((minutes * policy.warningPercent) / 100));
  return {
    slaPolicyId: policy.id,
    firstResponseWarnAt: warn(target.firstResponseMinutes),
    firstResponseDue: at(target.firstResponseMinutes),
    resolutionWarnAt: warn(target.resolutionMinutes),
    resolutionDue: at(target.resolutionMinutes),
  };
}
