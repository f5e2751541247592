import { parseRule, ruleDates } from "../../modules/projects/recurrence/recurrence.rules.ts";
const time = (label: string, f: () => unknown) => { const t = performance.now(); const r = f(); console.log(label, Math.round(performance.now() - t), "ms", JSON.stringify(r).slice(0, 80)); };
for (const r of ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYSETPOS=2", "FREQ=WEEKLY;BYSETPOS=8", "FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=2", "FREQ=YEARLY;BYMONTHDAY=1;BYSETPOS=13","FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYDAY=5MO;BYMONTH=2", "FREQ=DAILY;INTERVAL=2;BYMONTH=1;BYMONTHDAY=1"]) time(r, () => parseRule(r));
time("dates", () => ruleDates("FREQ=DAILY;INTERVAL=2;BYMONTH=1;BYMONTHDAY=1", "2026-01-02", "2026-01-01", 5));
