/**
 * The decision table hit-policy suite: evaluateTable (pure) on small tables, one per hit
 * policy, plus unary tests, output value priorities, aggregations, Camunda's result mappings
 * and the compile-time refusals.
 */
import assert from "node:assert/strict";
import {
  type CompiledTable,
  DecisionError,
  evaluateTable,
  type HitPolicy,
  mapResult,
} from "../../modules/workflow/decisions/decisions.rules.ts";
import { compileDmn } from "../../modules/workflow/decisions/decisions.compile.lib.ts";

/** A table over `amount` (number) and `kind` (string) giving `level` (and `note`). */
function table(
  hitPolicy: HitPolicy,
  rules: [string, string, string][],
  extra: Partial<CompiledTable> = {},
): CompiledTable {
  return {
    hitPolicy,
    aggregation: null,
    inputs: [
      { label: "Amount", expression: "amount", typeRef: "number" },
      { label: "Kind", expression: "kind", typeRef: "string" },
    ],
    outputs: [{ name: "level", label: "Level", typeRef: "string" }],
    rules: rules.map(([a, k, out]) => ({ inputEntries: [a, k], outputEntries: [out] })),
    ...extra,
  };
}

const OVERLAPPING: [string, string, string][] = [
  ["< 100", "-", '"low"'],
  ["[50..500]", '"travel","meal"', '"medium"'],
  [">= 200", "", '"high"'],
  ["-", 'not("meal")', '"other"'],
];

Deno.test("unary tests: comparisons, ranges, lists, not(), - and empty match anything", () => {
  const t = table("RULE ORDER", OVERLAPPING);
  assert.deepEqual(evaluateTable(t, { amount: 10, kind: "meal" }).matchedRules, [1]);
  assert.deepEqual(evaluateTable(t, { amount: 75, kind: "travel" }).matchedRules, [1, 2, 4]);
  assert.deepEqual(evaluateTable(t, { amount: 300, kind: "meal" }).matchedRules, [2, 3]);
  assert.deepEqual(evaluateTable(t, { amount: 300, kind: "hotel" }).matchedRules, [3, 4]);
  assert.deepEqual(evaluateTable(t, { amount: 600, kind: "meal" }).matchedRules, [3]);
  // The input expression is FEEL over the variables; `?` and cellInput name the input value.
  const expr: CompiledTable = {
    ...table("RULE ORDER", [["? > 10", 'cellInput = "A"', '"yes"']]),
    inputs: [
      { label: "Total", expression: "sum(items)", typeRef: "number" },
      { label: "Code", expression: "upper case(code)", typeRef: "string" },
    ],
  };
  assert.deepEqual(evaluateTable(expr, { items: [4, 5, 6], code: "a" }).result, [{
    level: "yes",
  }]);
  assert.deepEqual(evaluateTable(expr, { items: [4, 5], code: "a" }).result, []);
});

Deno.test("UNIQUE: one match is the result, none is empty, two are an error", () => {
  const t = table("UNIQUE", [["< 100", "-", '"low"'], [">= 100", "-", '"high"']]);
  assert.deepEqual(evaluateTable(t, { amount: 5 }), {
    matchedRules: [1],
    result: [{ level: "low" }],
  });
  assert.deepEqual(evaluateTable(t, { amount: 500 }).result, [{ level: "high" }]);
  assert.deepEqual(evaluateTable(t, { amount: null }).result, []);
  const broken = table("UNIQUE", OVERLAPPING);
  assert.throws(
    () => evaluateTable(broken, { amount: 75, kind: "travel" }),
    (e) => e instanceof DecisionError && /UNIQUE.*rules 1, 2, 4/.test(e.message),
  );
});

Deno.test("FIRST: the first matching rule in table order", () => {
  const t = table("FIRST", OVERLAPPING);
  assert.deepEqual(evaluateTable(t, { amount: 75, kind: "travel" }), {
    matchedRules: [1],
    result: [{ level: "low" }],
  });
  assert.deepEqual(evaluateTable(t, { amount: 300, kind: "hotel" }).result, [{ level: "high" }]);
});

Deno.test("PRIORITY and OUTPUT ORDER: ranked by the output's listed values", () => {
  const ranked = {
    outputs: [{
      name: "level",
      label: "Level",
      typeRef: "string",
      values: ["high", "medium", "other", "low"],
    }],
  };
  const p = table("PRIORITY", OVERLAPPING, ranked);
  // Rules 1 (low), 2 (medium) and 4 (other) match: medium ranks highest.
  assert.deepEqual(evaluateTable(p, { amount: 75, kind: "travel" }), {
    matchedRules: [2],
    result: [{ level: "medium" }],
  });
  assert.deepEqual(evaluateTable(p, { amount: 300, kind: "meal" }).result, [{ level: "high" }]);
  const o = table("OUTPUT ORDER", OVERLAPPING, ranked);
  assert.deepEqual(evaluateTable(o, { amount: 75, kind: "travel" }), {
    matchedRules: [2, 4, 1],
    result: [{ level: "medium" }, { level: "other" }, { level: "low" }],
  });
});

Deno.test("ANY: matching rules must agree; the shared output is the result", () => {
  const t = table("ANY", [["< 100", "-", '"ok"'], ["< 50", "-", '"ok"'], ["< 10", "-", '"no"']]);
  assert.deepEqual(evaluateTable(t, { amount: 20 }), {
    matchedRules: [1],
    result: [{ level: "ok" }],
  });
  assert.throws(() => evaluateTable(t, { amount: 5 }), /ANY.*rules 1, 2, 3/);
});

Deno.test("COLLECT: every match, or one aggregated value (SUM, MIN, MAX, COUNT)", () => {
  const rules: [string, string, string][] = [
    ["> 0", "-", "10"],
    ["> 100", "-", "25"],
    ["> 1000", "-", "amount / 100"],
    ["< 0", "-", "99"],
  ];
  const collect = (aggregation: CompiledTable["aggregation"]) =>
    table("COLLECT", rules, {
      aggregation,
      outputs: [{ name: "points", label: "Points", typeRef: "number" }],
    });
  assert.deepEqual(evaluateTable(collect(null), { amount: 2000 }), {
    matchedRules: [1, 2, 3],
    result: [{ points: 10 }, { points: 25 }, { points: 20 }],
  });
  assert.deepEqual(evaluateTable(collect("SUM"), { amount: 2000 }).result, [{ points: 55 }]);
  assert.deepEqual(evaluateTable(collect("MIN"), { amount: 2000 }).result, [{ points: 10 }]);
  assert.deepEqual(evaluateTable(collect("MAX"), { amount: 2000 }).result, [{ points: 25 }]);
  assert.deepEqual(evaluateTable(collect("COUNT"), { amount: 2000 }).result, [{ points: 3 }]);
  assert.deepEqual(evaluateTable(collect("SUM"), { amount: 50 }).result, [{ points: 10 }]);
  // Nothing matches: SUM/MIN/MAX give no result, COUNT gives 0.
  assert.deepEqual(evaluateTable(collect("SUM"), { amount: 0 }).result, []);
  assert.deepEqual(evaluateTable(collect("COUNT"), { amount: 0 }).result, [{ points: 0 }]);
  const words = table("COLLECT", [["-", "-", '"a"']], { aggregation: "SUM" });
  assert.throws(() => evaluateTable(words, { amount: 1 }), /SUM needs numbers/);
});

Deno.test("RULE ORDER: every match in table order; several outputs per rule", () => {
  const t: CompiledTable = {
    ...table("RULE ORDER", []),
    outputs: [
      { name: "level", label: "Level", typeRef: "string" },
      { name: "note", label: "Note", typeRef: "string" },
    ],
    rules: [
      { inputEntries: ["> 10", "-"], outputEntries: ['"a"', '"over " + string(amount)'] },
      { inputEntries: ["-", '"x"'], outputEntries: ['"b"', ""] },
    ],
  };
  assert.deepEqual(evaluateTable(t, { amount: 20, kind: "x" }), {
    matchedRules: [1, 2],
    result: [{ level: "a", note: "over 20" }, { level: "b", note: null }],
  });
});

Deno.test("mapDecisionResult: singleEntry, singleResult, collectEntries, resultList", () => {
  const one = [{ level: "low" }];
  const two = [{ level: "low" }, { level: "high" }];
  assert.equal(mapResult(one, "singleEntry"), "low");
  assert.equal(mapResult([], "singleEntry"), null);
  assert.deepEqual(mapResult(one, "singleResult"), { level: "low" });
  assert.equal(mapResult([], "singleResult"), null);
  assert.deepEqual(mapResult(two, "collectEntries"), ["low", "high"]);
  assert.deepEqual(mapResult(two, "resultList"), two);
  assert.throws(() => mapResult(two, "singleEntry"), /at most one matched rule/);
  assert.throws(() => mapResult(two, "singleResult"), /at most one/);
  assert.throws(() => mapResult([{ a: 1, b: 2 }], "singleEntry"), /exactly one output/);
  assert.throws(() => mapResult([{ a: 1, b: 2 }], "collectEntries"), /exactly one output/);
});

const dmn = (table: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="defs" name="D" namespace="urn:test">
  <decision id="grade" name="Grade">${table}</decision>${extra}
</definitions>`;
const simple = (hit: string, inEntry: string, outEntry: string, outAttrs = 'name="grade"') =>
  dmn(`<decisionTable id="t" ${hit}>
    <input id="i1" label="Score"><inputExpression id="e1" typeRef="number"><text>score</text></inputExpression></input>
    <output id="o1" label="Grade" ${outAttrs} typeRef="string"><outputValues><text>"A","B","C"</text></outputValues></output>
    <rule id="r1"><inputEntry id="ie1"><text>${inEntry}</text></inputEntry><outputEntry id="oe1"><text>${outEntry}</text></outputEntry></rule>
  </decisionTable>`);

Deno.test("compile: a DMN 1.3 table becomes inputs, outputs, rules and a hit policy", async () => {
  const r = await compileDmn(simple('hitPolicy="PRIORITY"', "&gt;= 90", '"A"'));
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.decisions, [{
    key: "grade",
    name: "Grade",
    table: {
      hitPolicy: "PRIORITY",
      aggregation: null,
      inputs: [{ label: "Score", expression: "score", typeRef: "number" }],
      outputs: [{ name: "grade", label: "Grade", typeRef: "string", values: ["A", "B", "C"] }],
      rules: [{ inputEntries: [">= 90"], outputEntries: ['"A"'] }],
    },
  }]);
  // No hitPolicy attribute: DMN's default, UNIQUE.
  assert.equal((await compileDmn(simple("", "-", '"A"'))).decisions[0].table.hitPolicy, "UNIQUE");
});

Deno.test("compile refuses: not XML, no table, bad FEEL, unsupported hit policy", async () => {
  const problems = async (xml: string) => (await compileDmn(xml)).problems.join(" | ");
  assert.match(await problems("<definitions"), /not DMN 1\.3 XML/);
  assert.match(await problems(dmn("")), /Grade.*is not a decision table/);
  assert.match(
    await problems(dmn("").replace(/<decision[^]*<\/decision>/, "")),
    /no decision table/,
  );
  assert.match(
    await problems(simple("", "&gt; &gt; 3", '"A"')),
    /rule 1, "Score": "> > 3" is not a valid test/,
  );
  assert.match(await problems(simple("", "-", '"A" +')), /rule 1, "Grade": .* not valid FEEL/);
  assert.match(await problems(simple('hitPolicy="SOMETIMES"', "-", "1")), /SOMETIMES is not/);
  assert.match(
    await problems(simple('hitPolicy="FIRST" aggregation="SUM"', "-", "1")),
    /aggregation needs the hit policy COLLECT/,
  );
  assert.match(await problems(simple("", "-", "1", "")), /output has no name/);
});
