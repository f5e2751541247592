/** The engine's pure helpers: JUEL → FEEL, priorities, templates, timers, reachability. */
import assert from "node:assert/strict";
import {
  canReach,
  expressionOf,
  fillTemplate,
  juelToFeel,
  taskPriority,
  usesGlobals,
} from "../../modules/workflow/engine/engine.rules.ts";
import { condition, feel, FeelError } from "../../modules/workflow/engine/engine.feel.lib.ts";
import {
  addDuration,
  nextCycle,
  timerDue,
} from "../../modules/workflow/engine/engine.timers.lib.ts";
import { buildModel } from "./engine.fixtures.ts";
import type { ProcessModel } from "../../modules/workflow/common/model.lib.ts";

Deno.test("JUEL conditions become FEEL; FEEL and JUEL evaluate alike", () => {
  assert.equal(juelToFeel('a > 1 && b == "x" || !c'), 'a > 1 and b = "x" or not(c)');
  assert.equal(juelToFeel("a != 2"), "a != 2");
  assert.deepEqual(expressionOf("${x}"), { feel: "x" });
  assert.deepEqual(expressionOf("=x + 1"), { feel: "x + 1" });
  assert.deepEqual(expressionOf("plain"), { literal: "plain" });
  const vars = { amount: 150, kind: "x", c: false };
  assert.equal(condition('${amount > 100 && kind == "x"}', vars), true);
  assert.equal(condition("=amount > 200", vars), false);
  assert.equal(condition("amount > 100", vars), true);
  assert.equal(condition("missing > 1", vars), false, "a missing variable is not true");
  assert.throws(() => feel("amount >", vars), FeelError);
});

Deno.test("priorities: names kept, numbers mapped to four levels", () => {
  assert.equal(taskPriority("yuksek"), "yuksek");
  assert.equal(taskPriority("10"), "dusuk");
  assert.equal(taskPriority(49), "normal");
  assert.equal(taskPriority("50"), "yuksek");
  assert.equal(taskPriority(90), "kritik");
  assert.equal(taskPriority(null), "normal");
  assert.equal(taskPriority("soon"), "normal");
});

Deno.test("templates fill {{paths}}; missing ones are empty", () => {
  assert.equal(fillTemplate("Hi {{a.b}}, {{ c }}{{none}}!", { a: { b: "x" }, c: 2 }), "Hi x, 2!");
});

Deno.test("timers: durations, dates, repeats and cron", () => {
  const from = new Date("2026-01-31T10:00:00Z");
  assert.equal(addDuration(from, "PT90M").toISOString(), "2026-01-31T11:30:00.000Z");
  assert.equal(addDuration(from, "P1DT1H").toISOString(), "2026-02-01T11:00:00.000Z");
  assert.equal(addDuration(from, "P2W").toISOString(), "2026-02-14T10:00:00.000Z");
  assert.deepEqual(nextCycle("R3/PT10M", from), {
    dueAt: new Date("2026-01-31T10:10:00Z"),
    cycle: "R2/PT10M",
  });
  assert.equal(nextCycle("R1/PT10M", from)!.cycle, null);
  assert.equal(nextCycle("R/P1D", from)!.cycle, "R/P1D");
  assert.equal(nextCycle("0 9 * * *", from)!.dueAt.toISOString(), "2026-02-01T09:00:00.000Z");
  assert.equal(
    timerDue({ kind: "date", expression: "2027-01-01T00:00:00Z" }, {}, from).dueAt.toISOString(),
    "2027-01-01T00:00:00.000Z",
  );
  assert.equal(
    timerDue({ kind: "duration", expression: "=wait" }, { wait: "PT1H" }, from).dueAt
      .toISOString(),
    "2026-01-31T11:00:00.000Z",
  );
  assert.throws(() => timerDue({ kind: "duration", expression: "soon" }, {}, from), FeelError);
});

Deno.test("reachability: the inclusive join waits only for branches that can still arrive", () => {
  const m = buildModel("r", [
    { id: "a", type: "task" },
    { id: "b", type: "task" },
    { id: "join", type: "inclusiveGateway" },
    { id: "x", type: "endEvent" },
  ], [["a", "join"], ["b", "x"]]);
  assert.equal(canReach(m, "a", "join"), true);
  assert.equal(canReach(m, "b", "join"), false);
});

Deno.test("rules: a step loads global variables only for models that name them", () => {
  const model = (condition: string) =>
    ({
      id: "p",
      name: "p",
      startEvents: [],
      elements: {},
      flows: { f: { id: "f", name: "", source: "a", target: "b", condition } },
    }) as ProcessModel;
  assert.equal(usesGlobals(model("amount > globals.limit")), true);
  assert.equal(usesGlobals(model("amount > 100")), false);
  assert.equal(usesGlobals(model("myglobalsx > 1")), false);
});
