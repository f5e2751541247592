/**
 * The workflow search page: instances and tasks by business key, variable values, definition,
 * assignee and days — each filter narrows for real, people see only what they may, and a
 * hand-edited address is understood as far as it can be.
 */
import assert from "node:assert/strict";
import { browse, type Caller, itest, newTenant } from "../helpers.ts";
import { seedDefinition, seedInstance, seedTask } from "./instances.fixtures.ts";
import { searchCriteria } from "../../modules/workflow/search/search.rules.ts";

async function page(path: string, who: Caller) {
  const res = await browse(path, { who });
  const body = await res.text();
  assert.equal(res.status, 200, body.slice(0, 300));
  return body;
}

itest("search: business key, variable values, definition, assignee, days", async () => {
  const t = await newTenant();
  const purchase = await seedDefinition(t, { name: "Satın alma" });
  const leave = await seedDefinition(t, { name: "Leave request" });
  const clerk = await t.member(["member"]);
  const istanbul = await seedInstance(t, purchase, {
    name: "İstanbul siparişi",
    businessKey: "PO-77",
    variables: { customer: "ACME Yazıcı", amount: 4200 },
    startedAt: new Date("2026-03-10T10:00:00Z"),
  });
  await seedInstance(t, purchase, {
    name: "Ankara siparişi",
    businessKey: "PO-78",
    variables: { customer: "Globex", amount: 100 },
    startedAt: new Date("2026-05-02T10:00:00Z"),
  });
  await seedInstance(t, leave, {
    name: "Annual leave",
    variables: { customer: "nobody", days: 5 },
  });
  await seedTask(t, istanbul, { name: "Check the invoice", assignee: clerk.id });

  const owner = t.owner;
  // A variable's value finds the instance and its task (Turkish folding: YAZICI = Yazıcı).
  const byValue = await page("/workflow/search?q=YAZICI", owner);
  assert.match(byValue, /İstanbul siparişi/);
  assert.match(byValue, /Check the invoice/);
  assert.doesNotMatch(byValue, /Ankara siparişi/);
  // Variable names are not values: "customer" is in every instance, found in none.
  assert.doesNotMatch(await page("/workflow/search?q=customer", owner), /siparişi/);
  // Business key.
  const byKey = await page("/workflow/search?q=po-78", owner);
  assert.match(byKey, /Ankara siparişi/);
  assert.doesNotMatch(byKey, /İstanbul siparişi/);
  // Definition alone (no text) narrows.
  const byDef = await page(`/workflow/search?definitionId=${leave.id}`, owner);
  assert.match(byDef, /Annual leave/);
  assert.doesNotMatch(byDef, /siparişi/);
  // Assignee: the instance holding their task, and the task.
  const byPerson = await page(`/workflow/search?assignee=${clerk.id}`, owner);
  assert.match(byPerson, /İstanbul siparişi/);
  assert.match(byPerson, /Check the invoice/);
  assert.doesNotMatch(byPerson, /Ankara siparişi|Annual leave/);
  // Days (inclusive) on the start date.
  const inMay = await page("/workflow/search?from=2026-05-01&to=2026-05-02", owner);
  assert.match(inMay, /Ankara siparişi/);
  assert.doesNotMatch(inMay, /İstanbul siparişi|Annual leave/);
  // One variable with a value (folded, exact).
  const exact = await page("/workflow/search?variable=customer&value=globex", owner);
  assert.match(exact, /Ankara siparişi/);
  assert.doesNotMatch(exact, /İstanbul siparişi/);
  const partial = await page("/workflow/search?variable=customer&value=glob", owner);
  assert.doesNotMatch(partial, /Ankara siparişi/, "a variable filter is an exact value");
  // Filters combine.
  const both = await page(`/workflow/search?q=siparis&definitionId=${leave.id}`, owner);
  assert.doesNotMatch(both, /siparişi/);
  // The form offers definitions and people by name.
  const blank = await page("/workflow/search", owner);
  assert.match(blank, /Leave request/);
  assert.match(blank, /Member member/);
  assert.match(blank, /Type at least two letters/);

  // Another tenant finds none of it, whatever it asks.
  const o = await newTenant();
  const theirs = await page(`/workflow/search?q=YAZICI&definitionId=${purchase.id}`, o.owner);
  assert.doesNotMatch(theirs, /İstanbul siparişi/);
  // A member sees only what is theirs or their pool's.
  const other = await t.member(["member"]);
  assert.doesNotMatch(await page("/workflow/search?q=YAZICI", other), /Check the invoice/);
  // Without the permission: refused.
  const outsider = await t.member([]);
  assert.equal((await browse("/workflow/search?q=po", { who: outsider })).status, 403);
});

Deno.test("search criteria: malformed parts of a hand-edited address are left out", () => {
  const c = searchCriteria({
    q: "  po-5 ",
    definitionId: "not-a-uuid",
    assignee: "0195f3a2-7c1e-7000-8000-000000000001",
    from: "2026-13-45",
    to: "2026-02-01",
    variable: "x'); drop",
    value: "v",
  });
  assert.deepEqual(c, {
    q: "po-5",
    definitionId: undefined,
    assignee: "0195f3a2-7c1e-7000-8000-000000000001",
    from: undefined,
    to: "2026-02-01",
    variable: undefined,
    value: "v",
  });
});
