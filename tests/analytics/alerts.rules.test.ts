/** The alert's pure decisions: the value from rows, each condition, transitions, silence. */
import assert from "node:assert/strict";
import {
  changePercent,
  conditionHolds,
  isSilenced,
  pickValue,
  presetOf,
  reachable,
  transition,
} from "../../modules/analytics/alerts/alerts.rules.ts";

const rows = [{ n: 3, s: "x" }, { n: "7", s: "y" }, { n: null, s: "z" }, { n: -2, s: "w" }];

Deno.test("alerts rules: the value is a column of the first row or folded over the rows", () => {
  assert.equal(pickValue(rows, "n", "first"), 3);
  assert.equal(pickValue(rows, "n", "sum"), 8);
  assert.equal(pickValue(rows, "n", "max"), 7);
  assert.equal(pickValue(rows, "n", "min"), -2);
  assert.equal(pickValue([], "n", "first"), null);
  assert.equal(pickValue([], "n", "sum"), 0);
  assert.equal(pickValue([], "n", "max"), null);
  assert.equal(pickValue(rows, "s", "max"), null, "text is no number");
  assert.equal(pickValue([{ n: null }], "n", "first"), null);
});

Deno.test("alerts rules: above, below, goal, change and has-rows", () => {
  const c = (
    kind: "above" | "below" | "goal" | "change" | "rows",
    threshold: number | null,
    direction: "up" | "down" | "any" = "any",
  ) => ({ kind, threshold, direction });
  assert.equal(conditionHolds(c("above", 2), { value: 3, rowCount: 1 }), true);
  assert.equal(conditionHolds(c("above", 3), { value: 3, rowCount: 1 }), false, "strictly above");
  assert.equal(conditionHolds(c("below", 3), { value: 2, rowCount: 1 }), true);
  assert.equal(conditionHolds(c("below", 3), { value: 3, rowCount: 1 }), false);
  assert.equal(
    conditionHolds(c("goal", 3), { value: 3, rowCount: 1 }),
    true,
    "reached at the goal",
  );
  assert.equal(conditionHolds(c("goal", 3), { value: 2.9, rowCount: 1 }), false);
  assert.equal(conditionHolds(c("above", 2), { value: null, rowCount: 0 }), false, "no value");
  assert.equal(conditionHolds(c("above", null), { value: 5, rowCount: 1 }), false);
  assert.equal(conditionHolds(c("rows", null), { value: null, rowCount: 1 }), true);
  assert.equal(conditionHolds(c("rows", null), { value: null, rowCount: 0 }), false);
  // Change: +50% from 10 to 15, -50% from 10 to 5; nothing to compare with a zero base.
  assert.equal(
    conditionHolds(c("change", 50, "up"), { value: 15, previous: 10, rowCount: 1 }),
    true,
  );
  assert.equal(
    conditionHolds(c("change", 50, "down"), { value: 15, previous: 10, rowCount: 1 }),
    false,
  );
  assert.equal(
    conditionHolds(c("change", 50, "down"), { value: 5, previous: 10, rowCount: 1 }),
    true,
  );
  assert.equal(
    conditionHolds(c("change", 50, "any"), { value: 5, previous: 10, rowCount: 1 }),
    true,
  );
  assert.equal(
    conditionHolds(c("change", 60, "any"), { value: 5, previous: 10, rowCount: 1 }),
    false,
  );
  assert.equal(conditionHolds(c("change", 10), { value: 5, previous: 0, rowCount: 1 }), false);
  assert.equal(changePercent(15, 10), 50);
  assert.equal(changePercent(5, -10), 150);
  assert.equal(changePercent(5, null), null);
});

Deno.test("alerts rules: only a change of state fires or recovers", () => {
  assert.equal(transition("ok", true), "fired");
  assert.equal(transition("firing", true), "none", "still firing: no second firing");
  assert.equal(transition("firing", false), "recovered");
  assert.equal(transition("ok", false), "none");
  assert.equal(transition("error", true), "fired");
  assert.equal(transition("error", false), "none");
});

Deno.test("alerts rules: mute and snooze silence, schedules in words, reachable people", () => {
  const now = new Date("2026-12-03T10:00:00Z");
  assert.equal(isSilenced({ muted: true, snoozedUntil: null }, now), true);
  assert.equal(isSilenced({ muted: false, snoozedUntil: "2026-12-03T11:00:00Z" }, now), true);
  assert.equal(isSilenced({ muted: false, snoozedUntil: "2026-12-03T09:00:00Z" }, now), false);
  assert.equal(isSilenced({ muted: false, snoozedUntil: null }, now), false);
  assert.equal(presetOf("0 * * * *"), "hourly");
  assert.equal(presetOf(" 0  8 * * 1 "), "weekly");
  assert.equal(presetOf("0 8 * * *"), "daily");
  assert.equal(presetOf("5 4 * * *"), "custom");
  assert.deepEqual(reachable(["a", "b", "a", "c"], new Set(["a", "c"])), ["a", "c"]);
});
