import type { Contract } from "./contracts.schemas.ts";

/** The contract's state on a given day (YYYY-MM-DD, default today in UTC). */
export function contractStatus(
  row: Pick<Contract, "startsOn" | "endsOn" | "reminderDays">,
  today = new Date().toISOString().slice(0, 10),
): Contract["status"] {
  if (today < row.startsOn) return "pending";
  if (today > row.endsOn) return "expired";
  const remindOn = new Date(Date.parse(row.endsOn) - row.reminderDays * 86_400_000)
    .toISOString().slice(0, 10);
  return today >= remindOn ? "expiring" : "active";
}
