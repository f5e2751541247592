/** The timeline's pure scheduling rules: dependency kinds, project bounds, critical path. */
import assert from "node:assert/strict";
import {
  checkLink,
  countsOf,
  criticalPath,
  dayNumber,
  durationOf,
  firstViolation,
  isoDay,
  type Link,
  outsideProject,
  progressOf,
} from "../../modules/projects/timeline/schedule.rules.ts";

const task = (id: string, startDate: string | null, dueDate: string | null) => ({
  id,
  title: id.toUpperCase(),
  startDate,
  dueDate,
});
const link = (kind: Link["kind"], lagDays = 0): Link => ({
  blockerId: "a",
  blockedId: "b",
  kind,
  lagDays,
});
const A = task("a", "2026-03-02", "2026-03-06");

Deno.test("schedule rules: finish to start needs the blocker's due day passed, plus the lag", () => {
  assert.equal(checkLink(link("finish_to_start"), A, task("b", "2026-03-07", "2026-03-09")), null);
  const v = checkLink(link("finish_to_start"), A, task("b", "2026-03-06", "2026-03-09"));
  assert.deepEqual(v && { field: v.field, earliest: v.earliest }, {
    field: "startDate",
    earliest: "2026-03-07",
  });
  assert.equal(
    checkLink(link("finish_to_start", 2), A, task("b", "2026-03-08", "2026-03-09"))?.earliest,
    "2026-03-09",
  );
  // A negative lag (lead) lets the task overlap.
  assert.equal(checkLink(link("finish_to_start", -2), A, task("b", "2026-03-05", null)), null);
});

Deno.test("schedule rules: start to start, finish to finish and start to finish", () => {
  const overlap = task("b", "2026-03-03", "2026-03-04");
  assert.equal(checkLink(link("start_to_start"), A, overlap), null);
  assert.equal(checkLink(link("finish_to_start"), A, overlap)?.field, "startDate");
  assert.equal(
    checkLink(link("start_to_start"), A, task("b", "2026-03-01", null))?.field,
    "startDate",
  );
  assert.equal(checkLink(link("finish_to_finish"), A, overlap)?.field, "dueDate");
  assert.equal(checkLink(link("finish_to_finish"), A, task("b", "2026-03-03", "2026-03-06")), null);
  assert.equal(checkLink(link("start_to_finish"), A, task("b", "2026-02-20", "2026-03-01")), null);
  const sf = checkLink(link("start_to_finish"), A, task("b", "2026-02-20", "2026-02-27"));
  assert.equal(sf?.field, "dueDate");
  assert.equal(sf?.earliest, "2026-03-01");
});

Deno.test("schedule rules: unscheduled tasks break nothing; one date stands for both", () => {
  assert.equal(checkLink(link("finish_to_start"), A, task("b", null, null)), null);
  assert.equal(checkLink(link("finish_to_start"), task("a", null, null), A), null);
  assert.equal(
    checkLink(link("finish_to_start"), A, task("b", null, "2026-03-06"))?.field,
    "startDate",
  );
  assert.equal(durationOf(task("x", null, "2026-03-06")), 1);
  assert.equal(durationOf(A), 5);
  assert.equal(durationOf(task("x", null, null)), 1);
  assert.equal(isoDay(dayNumber("2026-12-31") + 1), "2027-01-01");
});

Deno.test("schedule rules: firstViolation checks both sides of the moved task", () => {
  const b = task("b", "2026-03-07", "2026-03-08");
  const links = [link("finish_to_start")];
  // Moving the blocker later breaks the waiting task.
  const later = task("a", "2026-03-02", "2026-03-07");
  assert.equal(firstViolation(later, links, new Map([["b", b]]))?.link.blockedId, "b");
  assert.equal(firstViolation(A, links, new Map([["b", b]])), null);
  const early = task("b", "2026-03-05", "2026-03-08");
  assert.equal(firstViolation(early, links, new Map([["a", A]]))?.link.blockerId, "a");
});

Deno.test("schedule rules: dates outside the project name the field", () => {
  const p = { startDate: "2026-03-01", dueDate: "2026-03-31" };
  assert.equal(outsideProject(task("x", "2026-03-02", "2026-03-30"), p), null);
  assert.deepEqual(outsideProject(task("x", "2026-02-28", "2026-03-30"), p), {
    field: "startDate",
    bound: "2026-03-01",
  });
  assert.deepEqual(outsideProject(task("x", null, "2026-04-01"), p), {
    field: "dueDate",
    bound: "2026-03-31",
  });
  assert.equal(
    outsideProject(task("x", "2020-01-01", null), { startDate: null, dueDate: null }),
    null,
  );
});

Deno.test("schedule rules: the critical path is the longest chain; others have float", () => {
  // a(3) → b(2) → d(4); a → c(1) → d; e(2) alone.
  const tasks = [
    { id: "a", duration: 3 },
    { id: "b", duration: 2 },
    { id: "c", duration: 1 },
    { id: "d", duration: 4 },
    { id: "e", duration: 2 },
  ];
  const fs = (blockerId: string, blockedId: string, lagDays = 0): Link => ({
    blockerId,
    blockedId,
    kind: "finish_to_start",
    lagDays,
  });
  const r = criticalPath(tasks, [fs("a", "b"), fs("b", "d"), fs("a", "c"), fs("c", "d")]);
  assert.deepEqual(r.critical, ["a", "b", "d"]);
  assert.equal(r.length, 9);
  assert.equal(r.float.get("c"), 1);
  assert.equal(r.float.get("e"), 7);
  assert.equal(r.earliestStart.get("d"), 5);
  assert.equal(r.latestStart.get("c"), 4);
  // A lag on a → c makes c's branch the longer one.
  const lagged = criticalPath(tasks, [fs("a", "b"), fs("b", "d"), fs("a", "c", 3), fs("c", "d")]);
  assert.deepEqual(lagged.critical, ["a", "c", "d"]);
  assert.equal(lagged.float.get("b"), 2);
});

Deno.test("schedule rules: critical path with start-to-start, finish-to-finish and a cycle", () => {
  const tasks = [{ id: "a", duration: 5 }, { id: "b", duration: 2 }, { id: "c", duration: 6 }];
  const ss = criticalPath(tasks.slice(0, 2), [{
    blockerId: "a",
    blockedId: "b",
    kind: "start_to_start",
    lagDays: 1,
  }]);
  // b may start a day after a: a (5 days) is the longest; b floats 2 days.
  assert.deepEqual(ss.critical, ["a"]);
  assert.equal(ss.float.get("b"), 2);
  const ff = criticalPath(tasks.slice(0, 2), [{
    blockerId: "a",
    blockedId: "b",
    kind: "finish_to_finish",
    lagDays: 2,
  }]);
  assert.equal(ff.length, 7);
  assert.deepEqual(ff.critical, ["a", "b"]);
  const cyc = criticalPath(tasks, [
    { blockerId: "a", blockedId: "b", kind: "finish_to_start", lagDays: 0 },
    { blockerId: "b", blockedId: "a", kind: "finish_to_start", lagDays: 0 },
  ]);
  assert.deepEqual(cyc.critical, ["c"]);
  assert.equal(cyc.float.get("a"), undefined);
});

Deno.test("schedule rules: progress by count and by estimate", () => {
  const c = countsOf([
    { done: true, estimate: 6 },
    { done: false, estimate: 2 },
    { done: false, estimate: null },
    { done: true, estimate: null },
  ]);
  assert.deepEqual(progressOf(c), {
    total: 4,
    done: 2,
    estimateHours: 8,
    doneHours: 6,
    percent: 50,
    percentByEstimate: 75,
  });
  assert.equal(progressOf(countsOf([])).percent, 0);
});
