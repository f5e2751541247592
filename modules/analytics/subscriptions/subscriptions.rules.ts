/**
 * Pure rules of subscriptions: a schedule preset as a cron expression, who may add what, and
 * when a send is empty. Tested directly (tests/analytics/subscriptions.test.ts).
 */
import type { Schedule } from "./subscriptions.schemas.ts";

/** The cron expression (minute hour day month weekday) a schedule stands for. */
export function scheduleCron(s: Schedule): string {
  switch (s.kind) {
    case "daily":
      return `0 ${s.hour} * * *`;
    case "weekly":
      return `0 ${s.hour} * * ${s.weekday}`;
    case "monthly":
      return `0 ${s.hour} ${s.day} * *`;
    case "custom":
      return (s.cron ?? "").trim().replace(/\s+/g, " ");
  }
}

/**
 * A custom expression has five fields: subscriptions are sent by the minute at most (a sixth
 * seconds field would mail someone every second).
 */
export function cronFieldProblem(cron: string): string | null {
  if (!cron) return "Write a cron expression.";
  const fields = cron.split(" ").length;
  return fields === 5 ? null : "Write five fields: minute hour day month weekday.";
}

/** Plain addresses: only application managers (and admins) may send a sheet outside. */
export function mayAddAddresses(level: "view" | "edit" | "manage" | null): boolean {
  return level === "manage";
}

/** The owner and application managers change or delete a subscription; others read it. */
export function mayEdit(
  level: "view" | "edit" | "manage" | null,
  ownerId: string,
  userId: string,
): boolean {
  return level === "manage" || (level !== null && ownerId === userId);
}

/** What a widget showed, as far as "don't send when empty" is concerned. */
export interface WidgetContent {
  kind: "chart" | "table" | "kpi" | "error";
  rows: number;
  value?: number | null;
}

/** Every widget empty: no rows anywhere, KPIs without a value or at zero, errors count as empty. */
export function allEmpty(widgets: WidgetContent[]): boolean {
  return widgets.every((w) => w.kind === "error" || (w.kind === "kpi" ? !w.value : w.rows === 0));
}

/** The distinct recipients of one send, addresses that are also members' left to the members. */
export function distinctAddresses(emails: string[], memberEmails: string[]): string[] {
  const taken = new Set(memberEmails.map((e) => e.toLowerCase()));
  const out: string[] = [];
  for (const e of emails) {
    const k = e.toLowerCase();
    if (!taken.has(k)) {
      taken.add(k);
      out.push(e);
    }
  }
  return out;
}
