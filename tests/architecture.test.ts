/**
 * The layout's import rules (DESIGN.md "Layout"), read from every import of the tree, like the
 * RLS catalog test reads the database. Entry points (main.ts, scripts/, tests/, bench/) may import
 * anything; everything else is held to the rules below, and no import cycle is allowed.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { importsOf, layerRules, sourceFiles } from "./architecture.rules.ts";

const files = await sourceFiles();
const graph = new Map(await Promise.all(files.map(async (f) => [f, await importsOf(f)] as const)));

Deno.test("architecture: every import follows the layer rules", () => {
  const broken: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const why = layerRules(from, to);
      if (why) broken.push(`${from} -> ${to}: ${why}`);
    }
  }
  assertEquals(broken, []);
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
