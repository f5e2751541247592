/** The question parameter parser and value rules, tested directly (pure functions). */
import assert from "node:assert/strict";
import {
  checkDeclared,
  type ParamDecl,
  parseTemplate,
  resolveValues,
  type Template,
} from "../../modules/analytics/questions/questions.rules.ts";
import { sqlNames } from "../../modules/analytics/questions/questions.lib.ts";

const ok = (text: string, dialect: "postgres" | "mysql" = "postgres") => {
  const r = parseTemplate(text, dialect);
  assert.ok(!Array.isArray(r), JSON.stringify(r));
  return r as Template;
};
const refused = (text: string, dialect: "postgres" | "mysql" = "postgres") => {
  const r = parseTemplate(text, dialect);
  assert.ok(Array.isArray(r), `expected a refusal for ${text}`);
  return r.map((e) => e.message);
};

Deno.test("questions parser: placeholders split the text; casts and repeats kept", () => {
  const t = ok("select * from t where a >= {{from}}::date and b = {{ from }} and c = {{x_1}}");
  assert.deepEqual(t.names, ["from", "from", "x_1"]);
  assert.deepEqual(t.parts, [
    "select * from t where a >= ",
    "::date and b = ",
    " and c = ",
    "",
  ]);
});

Deno.test("questions parser: comments are skipped, nested in PostgreSQL", () => {
  assert.deepEqual(ok("select 1 -- {{a}}\n, {{b}}").names, ["b"]);
  assert.deepEqual(ok("select /* {{a}} /* {{c}} */ {{d}} */ {{b}}").names, ["b"]);
  assert.deepEqual(ok("select 1 # {{a}}\n, {{b}}", "mysql").names, ["b"]);
  // A -- inside a string is not a comment.
  assert.deepEqual(ok("select '--', {{b}}").names, ["b"]);
  refused("select /* never closed {{a}}");
});

Deno.test("questions parser: a placeholder inside any quote is refused by name", () => {
  assert.match(refused("select '{{x}}'")[0], /\{\{x\}\} is inside quotes/);
  assert.match(refused("select 'it''s {{x}}'")[0], /\{\{x\}\}/);
  assert.match(refused(`select "{{x}}"`)[0], /\{\{x\}\}/);
  assert.match(refused("select $$ {{x}} $$")[0], /\{\{x\}\}/);
  assert.match(refused("select $q$ a $$ {{x}} $q$")[0], /\{\{x\}\}/);
  assert.match(refused("select E'\\' {{x}}'")[0], /\{\{x\}\}/);
  assert.match(refused("select 'a\\' {{x}}'", "mysql")[0], /\{\{x\}\}/);
  // PostgreSQL's plain strings take no backslash escape: the string ends at the second quote.
  assert.deepEqual(ok("select 'a\\', {{x}}").names, ["x"]);
  // Quoted text around a placeholder is fine.
  assert.deepEqual(ok("select 'a' || {{x}} || 'b'").names, ["x"]);
  refused("select 'never closed {{x}}");
  refused("select $$ never closed");
});

Deno.test("questions parser: the dialect's own markers and broken braces are refused", () => {
  assert.match(refused("select $1")[0], /not \$1/);
  assert.match(refused("select ?", "mysql")[0], /not \?/);
  assert.deepEqual(ok("select a$1 from t, {{b}}").names, ["b"], "$ inside a name");
  assert.deepEqual(ok("select '?' , {{b}}", "mysql").names, ["b"]);
  assert.match(refused("select {{ 1x }}")[0], /placeholder/);
  assert.match(refused("select {{x")[0], /placeholder/);
});

const decls: ParamDecl[] = [
  { name: "from", type: "date", label: "From", required: true },
  { name: "n", type: "number", label: "N", required: false, default: 5 },
  { name: "on", type: "boolean", label: "On", required: false },
  {
    name: "s",
    type: "choice",
    label: "Status",
    required: false,
    choices: [{ value: "acik", label: "Open" }],
  },
];

Deno.test("questions values: typed, defaults, required, unknown names", () => {
  const r = resolveValues(decls, { from: "2024-02-29", on: "true", s: "acik" });
  assert.deepEqual(r.errors, []);
  assert.deepEqual([...r.values], [["from", "2024-02-29"], ["n", 5], ["on", true], ["s", "acik"]]);
  const bad = resolveValues(decls, { from: "2023-02-29", n: "1e", on: "maybe", s: "x", zz: 1 });
  assert.deepEqual(bad.errors.map((e) => e.path).sort(), [
    "params.from",
    "params.n",
    "params.on",
    "params.s",
    "params.zz",
  ]);
  assert.deepEqual(resolveValues(decls, {}).errors, [
    { path: "params.from", message: "From is required." },
  ]);
  // An injection attempt is just text for a text parameter.
  const text: ParamDecl = { name: "t", type: "text", label: "T", required: true };
  assert.deepEqual([...resolveValues([text], { t: "'; drop table x; --" }).values], [[
    "t",
    "'; drop table x; --",
  ]]);
});

Deno.test("questions declarations: undeclared, unused and twice-declared names", () => {
  assert.deepEqual(checkDeclared(["a", "a", "b"], [decls[1], decls[1]]).map((e) => e.message), [
    "{{a}} is not a declared parameter.",
    "{{b}} is not a declared parameter.",
    "n is not used in the SQL.",
    "n is not used in the SQL.",
    "n is declared twice.",
  ]);
});

Deno.test("questions: tenant tables get SQL names that fold Turkish and avoid datasets", () => {
  assert.deepEqual(sqlNames(["Satış Hedefleri", "tickets", "İZMİR 2024", "2024", "tickets"]), [
    "satis_hedefleri",
    "tickets_2",
    "izmir_2024",
    "t_2024",
    "tickets_3",
  ]);
});
