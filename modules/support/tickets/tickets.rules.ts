import type { Priority, Status } from "../common/common.schemas.ts";

/** Allowed status moves; anything else is a 422. Reopening goes back to `acik`. */
export const TRANSITIONS: Record<Status, Status[]> = {
  acik: ["islemde", "cozuldu"],
  islemde: ["acik", "cozuldu"],
  cozuldu: ["kapandi", "acik", "islemde"],
  kapandi: ["acik"],
};

export const canMove = (from: Status, to: Status) => from === to || TRANSITIONS[from].includes(to);

export const OPEN_STATUSES: Status[] = ["acik", "islemde"];

const ORDER: Priority[] = ["dusuk", "normal", "yuksek", "kritik"];
/** One step up, kritik stays kritik (SLA escalation). */
export const raise = (p: Priority): Priority => ORDER[Math.min(ORDER.indexOf(p) + 1, 3)];
