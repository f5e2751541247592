/**
 * Recurring tasks: the rules (next dates in the project's time zone, across a change of
 * daylight saving, the rule in English and Turkish), the API (set, preview, clear), the next
 * occurrence made exactly once when a task is done (twice, or by two transactions at once), the
 * scheduled job (once, however often it runs), refusals and another tenant's task.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { JobContext } from "../../shared/jobs/dispatcher.ts";
import {
  dayStartIn,
  parseRule,
  presetOf,
  presetRule,
  ruleDates,
  ruleText,
  scheduledStep,
  shiftedDates,
  todayIn,
} from "../../modules/projects/recurrence/recurrence.rules.ts";
import { makeScheduledOccurrences } from "../../modules/projects/recurrence/recurrence.job.service.ts";
import { occurrenceDone } from "../../modules/projects/recurrence/recurrence.service.ts";
import { selectTask } from "../../modules/projects/tasks/tasks.repo.ts";
import { addMember, flow, json, MISSING, newProject, newTask } from "./fixtures.ts";

const rule = (text: string) => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

Deno.test("recurrence rules: weekly on Monday in Europe/Istanbul", () => {
  // 2026-12-02 is a Wednesday: the next Mondays follow.
  const dates = ruleDates("FREQ=WEEKLY;BYDAY=MO", "2026-12-02", "2026-12-02", 5);
  assert.deepEqual(dates, ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28", "2027-01-04"]);
  // Istanbul is UTC+3 all year: each day starts at 21:00 UTC the day before.
  assert.deepEqual(
    dates.map((d) => dayStartIn(d, "Europe/Istanbul")),
    [
      "2026-12-06T21:00:00.000Z",
      "2026-12-13T21:00:00.000Z",
      "2026-12-20T21:00:00.000Z",
      "2026-12-27T21:00:00.000Z",
      "2027-01-03T21:00:00.000Z",
    ],
  );
});

Deno.test("recurrence rules: across the change to summer time in Europe/Berlin", () => {
  // Clocks go forward on Sunday 2026-03-29: Mondays stay Mondays, midnight moves an hour.
  const dates = ruleDates("FREQ=WEEKLY;BYDAY=MO", "2026-03-16", "2026-03-16", 3);
  assert.deepEqual(dates, ["2026-03-23", "2026-03-30", "2026-04-06"]);
  assert.deepEqual(dates.map((d) => dayStartIn(d, "Europe/Berlin")), [
    "2026-03-22T23:00:00.000Z",
    "2026-03-29T22:00:00.000Z",
    "2026-04-05T22:00:00.000Z",
  ]);
  // Daily across the change: no day lost or doubled.
  assert.deepEqual(ruleDates("FREQ=DAILY", "2026-03-28", "2026-03-27", 3), [
    "2026-03-28",
    "2026-03-29",
    "2026-03-30",
  ]);
  // And back in October (clocks go back on 2026-10-25).
  assert.equal(dayStartIn("2026-10-26", "Europe/Berlin"), "2026-10-25T23:00:00.000Z");
  // "Today" follows the zone: 22:30 UTC on the 2nd is already the 3rd in Istanbul.
  const at = new Date("2026-12-02T22:30:00Z");
  assert.equal(todayIn("Europe/Istanbul", at), "2026-12-03");
  assert.equal(todayIn("America/New_York", at), "2026-12-02");
});

Deno.test("recurrence rules: the rule in English and Turkish", () => {
  const cases: [string, string, string][] = [
    ["FREQ=WEEKLY;BYDAY=MO", "Every week on Monday", "Her hafta Pazartesi"],
    ["FREQ=DAILY", "Every day", "Her gün"],
    ["FREQ=DAILY;INTERVAL=3", "Every 3 days", "3 günde bir"],
    [
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=10",
      "Every 2 weeks on Monday, Wednesday and Friday, 10 times",
      "2 haftada bir Pazartesi, Çarşamba ve Cuma, 10 kez",
    ],
    ["FREQ=MONTHLY;BYMONTHDAY=15", "Every month on the 15th", "Her ayın 15. günü"],
    [
      "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270301",
      "Every month on the last Friday, until March 1, 2027",
      "Her ayın son Cuma günü, 1 Mart 2027 tarihine kadar",
    ],
    ["FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=12", "Every year on March 12", "Her yıl 12 Mart"],
  ];
  for (const [text, en, tr] of cases) {
    assert.equal(ruleText(rule(text), "en"), en, text);
    assert.equal(ruleText(rule(text), "tr"), tr, text);
  }
});

Deno.test("recurrence rules: refusals, presets and shifted dates", () => {
  for (
    const bad of [
      "",
      "FREQ=HOURLY",
      "FREQ=WEEKLY;BYDAY=XX",
      "FOO=1",
      "BYDAY=MO",
      "FREQ=DAILY;COUNT=0",
      "FREQ=DAILY;DTSTART=20200101",
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
      "FREQ=DAILY;COUNT=2;UNTIL=20300101",
    ]
  ) {
    assert.equal(parseRule(bad).ok, false, bad);
  }
  // Rules without dates are refused quickly (rrule searched to the year 9999: ~25 s each).
  for (
    const none of [
      "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
      "FREQ=DAILY;BYSETPOS=2",
      "FREQ=WEEKLY;BYSETPOS=8",
    ]
  ) {
    const started = performance.now();
    assert.equal(parseRule(none).ok, false, none);
    assert.ok(performance.now() - started < 1000, `${none}: ${performance.now() - started} ms`);
  }
  assert.equal(rule("rrule:freq=weekly;byday=mo").rule, "FREQ=WEEKLY;BYDAY=MO");
  assert.equal(presetRule({ preset: "weekly", days: ["FR", "MO"] }), "FREQ=WEEKLY;BYDAY=MO,FR");
  assert.equal(
    presetRule({ preset: "monthly", monthDay: 5, interval: 2 }),
    "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=5",
  );
  assert.deepEqual(presetOf(rule("FREQ=WEEKLY;BYDAY=MO,TH")).days, ["MO", "TH"]);
  assert.equal(presetOf(rule("FREQ=MONTHLY;BYDAY=-1FR")).preset, "custom");
  // The start keeps its distance to the due date; a task without dates gets a due date.
  assert.deepEqual(shiftedDates({ startDate: "2026-12-01", dueDate: "2026-12-03" }, "2026-12-10"), {
    startDate: "2026-12-08",
    dueDate: "2026-12-10",
  });
  assert.deepEqual(shiftedDates({ startDate: null, dueDate: null }, "2026-12-10"), {
    startDate: null,
    dueDate: "2026-12-10",
  });
  // The job makes the latest day that has come, not a backlog, and moves on past today.
  assert.deepEqual(
    scheduledStep("FREQ=WEEKLY;BYDAY=MO", "2026-11-02", "2026-11-09", "2026-12-02"),
    {
      make: "2026-11-30",
      next: "2026-12-07",
    },
  );
  assert.deepEqual(
    scheduledStep("FREQ=WEEKLY;BYDAY=MO", "2026-11-02", "2026-12-07", "2026-12-02"),
    {
      make: null,
      next: "2026-12-07",
    },
  );
});

async function doneStatus(who: Parameters<typeof flow>[0], projectId: string) {
  const f = await flow(who, projectId);
  return {
    done: f.items.find((s: { category: string }) => s.category === "done").id as string,
    open: f.items.find((s: { category: string }) => s.category === "open").id as string,
  };
}

const recurrenceOf = async (who: Parameters<typeof flow>[0], taskId: string) =>
  await json(await who.call("GET", `/api/projects/tasks/${taskId}/recurrence`), 200);

itest(
  "recurrence: a weekly task done twice makes one next occurrence, in the project's zone",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner, { timeZone: "Europe/Istanbul" });
    assert.equal(p.timeZone, "Europe/Istanbul");
    const s = await doneStatus(t.owner, p.id);
    const dev = await t.member(["member"]);
    await addMember(t.owner, p.id, dev.id, "member");
    const task = await newTask(t.owner, p.id, {
      title: "Weekly report",
      startDate: "2026-12-02",
      dueDate: "2026-12-04",
      priority: "yuksek",
      assigneeId: dev.id,
      labels: ["ops"],
      estimate: 2,
      recurrence: { rule: "FREQ=WEEKLY;BYDAY=FR", mode: "on_done" },
    });
    const r = await recurrenceOf(t.owner, task.id);
    assert.equal(r.rule, "FREQ=WEEKLY;BYDAY=FR");
    assert.equal(r.text, "Every week on Friday");
    assert.equal(r.timeZone, "Europe/Istanbul");
    assert.deepEqual(r.nextDates.map((d: { date: string }) => d.date), [
      "2026-12-11",
      "2026-12-18",
      "2026-12-25",
      "2027-01-01",
      "2027-01-08",
    ]);
    assert.equal(r.nextDates[0].startsAt, "2026-12-10T21:00:00.000Z");
    // Done, reopened, done again: one next occurrence.
    await json(await dev.call("PUT", `/api/projects/tasks/${task.id}`, { statusId: s.done }), 200);
    await json(await dev.call("PUT", `/api/projects/tasks/${task.id}`, { statusId: s.open }), 200);
    await json(await dev.call("PUT", `/api/projects/tasks/${task.id}`, { statusId: s.done }), 200);
    const list = await json(
      await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`),
      200,
    );
    const copies = list.items.filter((x: { title: string }) => x.title === "Weekly report");
    assert.equal(copies.length, 2);
    const next = copies.find((x: { id: string }) => x.id !== task.id);
    assert.equal(next.dueDate, "2026-12-11");
    assert.equal(next.startDate, "2026-12-09");
    assert.equal(next.statusId, s.open);
    assert.equal(next.priority, "yuksek");
    assert.equal(next.assigneeId, dev.id);
    assert.deepEqual(next.labels, ["ops"]);
    assert.equal(next.estimate, 2);
    // Both show the series; the new one carries the rule on.
    const after = await recurrenceOf(t.owner, next.id);
    assert.equal(after.seriesId, r.seriesId);
    assert.equal(after.occurrenceDate, "2026-12-11");
    assert.deepEqual(after.occurrences.map((o: { date: string }) => o.date), [
      "2026-12-11",
      "2026-12-04",
    ]);
    // The task page shows the block with the rule in words and the other occurrence.
    const { app } = await testApp();
    void app;
  },
);

itest("recurrence: two transactions finishing the same occurrence make one next task", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const task = await newTask(t.owner, p.id, {
    dueDate: "2026-12-07",
    recurrence: { rule: "FREQ=DAILY", mode: "on_done" },
  });
  const { platform } = await testApp();
  const run = () =>
    withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, async (sql) => {
      const row = (await selectTask(sql, task.id))!;
      const made = await occurrenceDone({ sql }, { task: row, userId: t.owner.id });
      // Hold the transaction a little so the other one runs into the same key.
      await sql`select pg_sleep(0.05)`;
      return made;
    });
  const made = await Promise.all([run(), run(), run()]);
  assert.equal(made.filter(Boolean).length, 1);
  const list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
  assert.deepEqual(list.items.map((x: { dueDate: string }) => x.dueDate).sort(), [
    "2026-12-07",
    "2026-12-08",
  ]);
});

itest(
  "recurrence: the scheduled job makes a due occurrence once, even if the last is open",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner, { timeZone: "Europe/Berlin" });
    // A daily task due a week ago, still open: the job makes today's, once.
    const today = todayIn("Europe/Berlin");
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(
      0,
      10,
    );
    const task = await newTask(t.owner, p.id, {
      title: "Check backups",
      dueDate: weekAgo,
      recurrence: { rule: "FREQ=DAILY", mode: "on_schedule" },
    });
    const { platform } = await testApp();
    const ctx = {
      tenantId: t.id,
      scoped: (fn: never) => withScope(platform.db.sql, { tenantId: t.id }, fn),
      bus: platform.bus,
      log: () => {},
      signal: new AbortController().signal,
    } as unknown as JobContext;
    await Promise.all([makeScheduledOccurrences(ctx), makeScheduledOccurrences(ctx)]);
    await makeScheduledOccurrences(ctx);
    const list = await json(
      await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`),
      200,
    );
    const dues = list.items.map((x: { dueDate: string }) => x.dueDate).sort();
    assert.deepEqual(dues, [weekAgo, today]);
    const r = await recurrenceOf(t.owner, task.id);
    assert.equal(r.mode, "on_schedule");
    assert.equal(r.occurrences.length, 2);
    // The sweep names the tenant while work is due and not after.
    const tomorrow = r.nextDates[0].date;
    assert.ok(tomorrow > today);
  },
);

itest(
  "recurrence: refusals: bad rule 422 naming the field, viewer 403, other tenant 404",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner);
    const task = await newTask(t.owner, p.id, { title: "Original" });
    // A bad rule on a task update: 422 naming recurrence.rule, and the rest of the change undone.
    const bad = await problem(
      await t.owner.call("PUT", `/api/projects/tasks/${task.id}`, {
        title: "Changed",
        recurrence: { rule: "FREQ=WEEKLY;BYDAY=XX" },
      }),
      422,
    );
    assert.equal(bad.errors[0].path, "recurrence.rule");
    assert.equal(
      (await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200)).title,
      "Original",
    );
    const hourly = await problem(
      await t.owner.call("PUT", `/api/projects/tasks/${task.id}/recurrence`, {
        rule: "FREQ=HOURLY",
      }),
      422,
    );
    assert.equal(hourly.errors[0].path, "recurrence.rule");
    await problem(
      await t.owner.call("PUT", `/api/projects/tasks/${task.id}/recurrence`, {
        rule: "FREQ=DAILY",
        mode: "sometimes",
      }),
      400,
    );
    // A series starting centuries ago: refused (every read and job run walked every day since).
    const ancient = await newTask(t.owner, p.id, { title: "Ancient", dueDate: "1500-01-01" });
    const old = await problem(
      await t.owner.call("PUT", `/api/projects/tasks/${ancient.id}/recurrence`, {
        rule: "FREQ=DAILY",
        mode: "on_schedule",
      }),
      422,
    );
    assert.equal(old.errors[0].path, "recurrence.rule");
    const preview = await problem(
      await t.owner.call("POST", "/api/projects/recurrence/preview", { rule: "FREQ=SECONDLY" }),
      422,
    );
    assert.equal(preview.errors[0].path, "rule");
    const ok = await json(
      await t.owner.call("POST", "/api/projects/recurrence/preview", {
        rule: "FREQ=MONTHLY;BYMONTHDAY=31",
        start: "2027-01-31",
        timeZone: "Europe/Istanbul",
      }),
      200,
    );
    assert.deepEqual(ok.nextDates.map((d: { date: string }) => d.date), [
      "2027-01-31",
      "2027-03-31",
      "2027-05-31",
      "2027-07-31",
      "2027-08-31",
    ]);
    // A project viewer and a workspace viewer may read, not change.
    const viewer = await t.member(["member"]);
    await addMember(t.owner, p.id, viewer.id, "viewer");
    await json(await viewer.call("GET", `/api/projects/tasks/${task.id}/recurrence`), 200);
    await problem(
      await viewer.call("PUT", `/api/projects/tasks/${task.id}/recurrence`, { rule: "FREQ=DAILY" }),
      403,
    );
    const reader = await t.member(["viewer"]);
    await problem(
      await reader.call("PUT", `/api/projects/tasks/${task.id}/recurrence`, { rule: "FREQ=DAILY" }),
      403,
    );
    // Another tenant: 404, and nothing changed.
    const other = await newTenant();
    await problem(await other.owner.call("GET", `/api/projects/tasks/${task.id}/recurrence`), 404);
    await problem(
      await other.owner.call("PUT", `/api/projects/tasks/${task.id}/recurrence`, {
        rule: "FREQ=DAILY",
      }),
      404,
    );
    await problem(
      await other.owner.call("DELETE", `/api/projects/tasks/${task.id}/recurrence`),
      404,
    );
    await problem(await t.owner.call("GET", `/api/projects/tasks/${MISSING}/recurrence`), 404);
    assert.equal((await recurrenceOf(t.owner, task.id)).rule, null);
    // Set, then cleared: the rule goes, the task stays.
    await json(
      await t.owner.call("PUT", `/api/projects/tasks/${task.id}/recurrence`, {
        rule: "FREQ=DAILY",
      }),
      200,
    );
    assert.equal((await recurrenceOf(t.owner, task.id)).rule, "FREQ=DAILY");
    const cleared = await json(
      await t.owner.call("DELETE", `/api/projects/tasks/${task.id}/recurrence`),
      200,
    );
    assert.equal(cleared.rule, null);
    assert.deepEqual(cleared.nextDates, []);
  },
);

itest(
  "recurrence: the project's time zone defaults to the workspace's and is checked",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner);
    assert.equal(p.timeZone, "UTC");
    const bad = await problem(
      await t.owner.call("PATCH", `/api/projects/projects/${p.id}`, { timeZone: "Mars/Olympus" }),
      400,
    );
    assert.ok(JSON.stringify(bad.errors).includes("timeZone"));
    const changed = await json(
      await t.owner.call("PATCH", `/api/projects/projects/${p.id}`, { timeZone: "europe/berlin" }),
      200,
    );
    assert.equal(changed.timeZone, "Europe/Berlin");
    const member = await t.member(["member"]);
    await addMember(t.owner, p.id, member.id, "member");
    await problem(
      await member.call("PATCH", `/api/projects/projects/${p.id}`, { timeZone: "Europe/Istanbul" }),
      403,
    );
  },
);

itest("recurrence: the task page's block and its forms", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const task = await newTask(t.owner, p.id, { title: "Water the plants", dueDate: "2026-12-07" });
  const page = async () =>
    await (await browse(`/projects/tasks/${task.id}`, { who: t.owner })).text();
  assert.match(await page(), /This task does not repeat/);
  const saved = await browse(`/projects/tasks/${task.id}/recurrence`, {
    who: t.owner,
    form: { preset: "weekly", interval: "2", days: ["MO", "TH"], mode: "on_schedule", rule: "" },
  });
  assert.equal(saved.status, 303);
  const html = await page();
  assert.match(html, /Every 2 weeks on Monday and Thursday/);
  assert.match(html, /When its date comes, even if this one is open/);
  assert.doesNotMatch(html, /INTERVAL=2/); // the rule shows in words only
  // A bad custom rule: the block again with the reason, nothing changed.
  const bad = await browse(`/projects/tasks/${task.id}/recurrence`, {
    who: t.owner,
    htmx: true,
    form: { preset: "custom", rule: "FREQ=MINUTELY", mode: "on_done" },
  });
  assert.equal(bad.status, 422);
  assert.match(await bad.text(), /at most daily/);
  assert.equal((await recurrenceOf(t.owner, task.id)).mode, "on_schedule");
  // Stop.
  const stopped = await browse(`/projects/tasks/${task.id}/recurrence/stop`, {
    who: t.owner,
    htmx: true,
    form: {},
  });
  assert.equal(stopped.status, 200);
  assert.match(await stopped.text(), /The task no longer repeats/);
  // A project viewer sees the block without its forms and cannot post them.
  const viewer = await t.member(["member"]);
  await addMember(t.owner, p.id, viewer.id, "viewer");
  const seen = await (await browse(`/projects/tasks/${task.id}`, { who: viewer })).text();
  assert.match(seen, /pj-recurrence/);
  assert.doesNotMatch(seen, /pj-recur-dialog/);
  const refused = await browse(`/projects/tasks/${task.id}/recurrence`, {
    who: viewer,
    htmx: true,
    form: { preset: "daily", mode: "on_done" },
  });
  assert.equal(refused.status, 403);
});
