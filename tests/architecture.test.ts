/**
 * The layout's import rules (DESIGN.md "Layout"), read from every import of the tree, like the
 * RLS catalog test reads the database. Entry points (main.ts, scripts/, tests/, bench/) may import
 * anything; everything else is held to the rules below, and no import cycle is allowed.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import {
  contentRules,
  fileRole,
  importDetails,
  layerRules,
  missingUnitFiles,
  sourceFiles,
  unitFiles,
} from "./architecture.rules.ts";

const files = await sourceFiles();
const details = new Map(
  await Promise.all(files.map(async (f) => [f, await importDetails(f)] as const)),
);
const graph = new Map([...details].map(([f, imports]) => [f, imports.map((i) => i.path)]));

Deno.test("architecture: every import follows the layer rules", () => {
  const broken: string[] = [];
  for (const [from, imports] of details) {
    for (const { path: to, typeOnly } of imports) {
      const why = layerRules(from, to, typeOnly);
      if (why) broken.push(`${from} -> ${to}: ${why}`);
    }
  }
  assertEquals(broken, []);
});

Deno.test("architecture: every file under modules/ and platform/ has one role", async () => {
  const all = await unitFiles();
  assertEquals(all.filter((f) => fileRole(f) === null), []);
  assertEquals(missingUnitFiles(all), []);
});

Deno.test("architecture: each file holds only what its role may (SQL in repos)", async () => {
  const broken: string[] = [];
  for (const f of files) {
    const why = contentRules(f, await Deno.readTextFile(new URL(`../${f}`, import.meta.url)));
    broken.push(...why.map((w) => `${f}: ${w}`));
  }
  assertEquals(broken, []);
});

Deno.test("architecture: the role rules catch a planted violation of each kind", () => {
  const roles: [string, string | null][] = [
    ["modules/support/mod.ts", "mod"],
    ["modules/support/events.ts", "events"],
    ["modules/support/tickets/tickets.repo.ts", "repo"],
    ["modules/support/tickets/tickets.merge.service.ts", "service"],
    ["modules/support/tickets/tickets.view.tsx", "view"],
    ["modules/support/assets/support.css", "asset"],
    ["modules/support/common/options.ts", null],
    ["modules/support/tickets/mod.ts", null],
    ["modules/support/tickets/tickets.view.ts", null],
    ["modules/support/tickets/tickets.repo.tsx", null],
    ["modules/workflow/features.ts", null],
    ["platform/identity/csrf.middleware.ts", "middleware"],
    ["modules/support/csrf.middleware.ts", null],
  ];
  assertEquals(roles.filter(([f, role]) => fileRole(f) !== role), []);
  const sql = "export const f = (sql: Sql) => sql`select 1`;";
  assertEquals(contentRules("modules/support/tickets/tickets.repo.ts", sql), []);
  assertEquals(contentRules("modules/support/tickets/tickets.service.ts", sql).length, 1);
  assertEquals(contentRules("app/app.tsx", "await tx.unsafe('select 1')").length, 1);
  assertEquals(contentRules("modules/support/public.ts", 'export { a } from "./a.ts";'), []);
  assertEquals(
    contentRules("modules/support/public.ts", 'import { a } from "./a.ts";\nexport const b = a;')
      .length,
    1,
  );
  assertEquals(
    contentRules("modules/support/sla/sla.rules.ts", 'import { Hono } from "hono";').length,
    1,
  );
  assertEquals(missingUnitFiles(["modules/x/mod.ts", "modules/x/public.ts"]), [
    "modules/x/events.ts",
  ]);
  const imports: [string, string, boolean, boolean][] = [
    ["modules/support/t/t.view.tsx", "modules/support/t/t.schemas.ts", false, true],
    ["modules/support/t/t.view.tsx", "modules/support/t/t.rules.ts", false, true],
    ["modules/support/t/t.view.tsx", "ui/card.tsx", false, true],
    ["modules/support/t/t.view.tsx", "shared/i18n/i18n.ts", false, true],
    ["modules/support/t/t.view.tsx", "shared/http/pages.ts", true, true],
    ["modules/support/t/t.view.tsx", "shared/http/pages.ts", false, false],
    ["modules/support/t/t.view.tsx", "modules/support/common/options.ts", false, false],
    ["modules/support/t/t.lib.ts", "modules/support/t/t.repo.ts", false, false],
    ["modules/support/t/t.rules.ts", "shared/db/sql.ts", false, false],
    ["app/app.tsx", "modules/support/mod.ts", false, true],
    ["app/app.tsx", "platform/identity/mod.ts", false, true],
    ["app/app.tsx", "platform/identity/session.ts", false, false],
    ["app/app.tsx", "platform/identity/public.ts", false, false],
  ];
  const wrong = imports.filter(([from, to, typeOnly, ok]) =>
    (layerRules(from, to, typeOnly) === null) !== ok
  );
  assertEquals(wrong, []);
});

Deno.test("architecture: no import cycles outside the tests", () => {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, "open");
    stack.push(f);
    for (const to of graph.get(f) ?? []) {
      if (!graph.has(to)) continue;
      if (state.get(to) === "open") {
        cycles.push([...stack.slice(stack.indexOf(to)), to].join(" -> "));
      } else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(f, "done");
  };
  for (const f of graph.keys()) if (!state.has(f) && !isEntry(f)) visit(f);
  assertEquals(cycles, []);
});

Deno.test("architecture: modules reach identity through its door, not its tables", async () => {
  // users, memberships and roles belong to platform/identity; modules use its public.ts or
  // the member_directory view.
  const direct = /\b(from|join)\s+(users|memberships|roles)\b/i;
  const offenders: string[] = [];
  for (const f of files.filter((f) => f.startsWith("modules/"))) {
    const src = await Deno.readTextFile(new URL(`../${f}`, import.meta.url));
    src.split("\n").forEach((line, i) => {
      if (direct.test(line)) offenders.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  }
  assertEquals(offenders, []);
});

Deno.test("architecture: the rules themselves catch what they should", () => {
  const cases: [string, string, boolean][] = [
    ["shared/http/router.ts", "ui/render.tsx", false],
    ["shared/http/router.ts", "shared/http/problem.ts", true],
    ["ui/layout.tsx", "platform/identity/public.ts", false],
    ["ui/layout.tsx", "shared/http/env.ts", true],
    ["platform/activity/activity.service.ts", "platform/identity/users.repo.ts", false],
    ["platform/activity/activity.service.ts", "platform/identity/public.ts", true],
    ["modules/support/tickets/tickets.service.ts", "modules/projects/tasks/tasks.repo.ts", false],
    ["modules/support/tickets/tickets.service.ts", "modules/projects/public.ts", true],
    ["modules/support/tickets/tickets.service.ts", "platform/identity/users.repo.ts", false],
    ["modules/support/tickets/tickets.view.tsx", "modules/support/tickets/tickets.repo.ts", false],
    [
      "modules/support/tickets/tickets.view.tsx",
      "modules/support/tickets/tickets.service.ts",
      false,
    ],
    ["modules/support/tickets/tickets.pages.tsx", "modules/support/tickets/tickets.repo.ts", false],
    [
      "modules/support/tickets/tickets.pages.tsx",
      "modules/support/tickets/tickets.handlers.ts",
      false,
    ],
    [
      "modules/support/tickets/tickets.handlers.ts",
      "modules/support/tickets/tickets.pages.tsx",
      false,
    ],
    [
      "modules/support/tickets/tickets.handlers.ts",
      "modules/support/tickets/tickets.service.ts",
      true,
    ],
    ["modules/support/mod.ts", "app/registry.ts", false],
    ["main.ts", "app/app.tsx", true],
    ["tests/helpers.ts", "modules/support/tickets/tickets.repo.ts", true],
  ];
  const wrong = cases.filter(([from, to, ok]) => (layerRules(from, to) === null) !== ok);
  assertEquals(wrong, []);
});

function isEntry(f: string) {
  return f === "main.ts" || f === "worker.ts" || /^(tests|bench|scripts)\//.test(f);
}
