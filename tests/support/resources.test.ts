import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { ALWAYS, API, customer, json, targets } from "./fixtures.ts";

/** Each plain resource: a valid body, a change, a bad body, and the permission it needs. */
const RESOURCES: {
  path: string;
  body: (ids: Record<string, string>) => Record<string, unknown>;
  change: Record<string, unknown>;
  bad: Record<string, unknown>;
}[] = [
  {
    path: "companies",
    body: () => ({ name: "Acme A.Ş." }),
    change: { phone: "+90 212" },
    bad: { name: "" },
  },
  {
    path: "contacts",
    body: (ids) => ({ name: "Ayşe", companyId: ids.company, email: "ayse@example.test" }),
    change: { title: "CTO" },
    bad: { name: "x", email: "not-mail" },
  },
  {
    path: "customers",
    body: () => ({ name: "Zeynep", kind: "firm" }),
    change: { locale: "tr" },
    bad: { kind: "robot", name: "x" },
  },
  {
    path: "contracts",
    body: (ids) => ({
      customerId: ids.customer,
      name: "Gold",
      startsOn: "2026-01-01",
      endsOn: "2030-12-31",
    }),
    change: { reminderDays: 10 },
    bad: { customerId: "x", name: "x", startsOn: "2026-01-01", endsOn: "2026-02-01" },
  },
  {
    path: "sla-policy",
    body: () => ({ name: "Standard", targets: targets(60, 480), calendar: ALWAYS }),
    change: { warningPercent: 75 },
    bad: { name: "x", targets: {}, calendar: ALWAYS },
  },
  {
    path: "email-template",
    body: () => ({
      kind: "opened",
      locale: "tr",
      subject: "[{{ticket.number}}]",
      body: "Merhaba {{customer.name}}",
    }),
    change: { subject: "Talep {{ticket.number}}" },
    bad: { kind: "deleted", locale: "tr", subject: "x", body: "y" },
  },
  {
    path: "numbering-template",
    body: () => ({ name: "Default", pattern: "HD-{SEQ:5}" }),
    change: { name: "Renamed" },
    bad: { name: "x", pattern: "" },
  },
  {
    path: "departments",
    body: () => ({ name: "IT" }),
    change: { description: "Internal IT" },
    bad: { name: 5 },
  },
  {
    path: "teams",
    body: (ids) => ({ name: "L1", memberIds: [ids.agent] }),
    change: { name: "Level 1" },
    bad: { name: "x", memberIds: ["nope"] },
  },
];

itest(
  "support resources: create, read, list, update, delete; 400, 403, other tenant 404",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const viewer = await t.member(["viewer"]);
    const agent = await t.member(["agent"]);
    const company = await json(
      await t.owner.call("POST", `${API}/companies`, { name: "Holding" }),
      201,
    );
    const cust = await customer(t.owner);
    const ids = { company: company.id, customer: cust.id, agent: agent.id };
    for (const r of RESOURCES) {
      const base = `${API}/${r.path}`;
      const created = await json(await t.owner.call("POST", base, r.body(ids)), 201);
      assert.ok(created.id, r.path);
      const read = await json(await viewer.call("GET", `${base}/${created.id}`), 200);
      assert.equal(read.id, created.id);
      const list = await json(await viewer.call("GET", `${base}?limit=100`), 200);
      assert.ok(list.items.some((x: { id: string }) => x.id === created.id), `${r.path} listed`);
      const changed = await json(await t.owner.call("PUT", `${base}/${created.id}`, r.change), 200);
      for (const [k, v] of Object.entries(r.change)) {
        assert.deepEqual(
          changed[k],
          v,
          `${r.path}.${k}`,
        );
      }
      await problem(await t.owner.call("POST", base, r.bad), 400);
      await problem(await t.owner.call("PUT", `${base}/${created.id}`, { ...r.bad }), 400);
      await problem(await viewer.call("POST", base, r.body(ids)), 403);
      await problem(await viewer.call("PUT", `${base}/${created.id}`, r.change), 403);
      await problem(await viewer.call("DELETE", `${base}/${created.id}`), 403);
      await problem(await t.owner.call("GET", `${base}/123`), 400);
      await problem(await t.owner.call("GET", `${base}?cursor=abc`), 400);
      // Another tenant cannot see, change or delete it; it is unchanged afterwards.
      await problem(await other.owner.call("GET", `${base}/${created.id}`), 404);
      await problem(await other.owner.call("PUT", `${base}/${created.id}`, r.change), 404);
      await problem(await other.owner.call("DELETE", `${base}/${created.id}`), 404);
      assert.deepEqual(
        await json(await t.owner.call("GET", `${base}/${created.id}`), 200),
        changed,
      );
      const gone = await json(await t.owner.call("DELETE", `${base}/${created.id}`), 200);
      assert.deepEqual(gone, { id: created.id, deleted: true });
      await problem(await t.owner.call("GET", `${base}/${created.id}`), 404);
    }
  },
);

itest("support resources: list filters, search and paging", async () => {
  const t = await newTenant();
  const acme = await json(await t.owner.call("POST", `${API}/companies`, { name: "Acme" }), 201);
  for (const name of ["Ali", "Berk", "Cem"]) {
    await json(await t.owner.call("POST", `${API}/contacts`, { name, companyId: acme.id }), 201);
  }
  await json(await t.owner.call("POST", `${API}/contacts`, { name: "Deniz" }), 201);
  const names = async (qs: string) =>
    (await json(await t.owner.call("GET", `${API}/contacts?${qs}`), 200)).items.map((
      x: { name: string },
    ) => x.name);
  assert.deepEqual(await names(`companyId=${acme.id}`), ["Ali", "Berk", "Cem"]);
  assert.deepEqual(await names("q=er"), ["Berk"]);
  const p1 = await json(await t.owner.call("GET", `${API}/contacts?limit=2`), 200);
  const p2 = await json(
    await t.owner.call("GET", `${API}/contacts?limit=2&cursor=${p1.nextCursor}`),
    200,
  );
  assert.deepEqual([...p1.items, ...p2.items].map((x: { name: string }) => x.name), [
    "Ali",
    "Berk",
    "Cem",
    "Deniz",
  ]);
  assert.equal(p2.nextCursor, null);
});

itest("support rules: SLA calendar, defaults, contract status, teams need members", async () => {
  const t = await newTenant();
  await problem(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "x",
      targets: targets(60, 480),
      calendar: { ...ALWAYS, timeZone: "Mars/Olympus" },
    }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "x",
      targets: targets(60, 480),
      calendar: { timeZone: "UTC", weekly: {} },
    }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "x",
      targets: targets(600, 60),
      calendar: ALWAYS,
    }),
    422,
  );
  const a = await json(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "A",
      targets: targets(60, 480),
      calendar: ALWAYS,
      isDefault: true,
    }),
    201,
  );
  const b = await json(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "B",
      targets: targets(60, 480),
      calendar: ALWAYS,
      isDefault: true,
    }),
    201,
  );
  assert.equal(
    (await json(await t.owner.call("GET", `${API}/sla-policy/${a.id}`), 200)).isDefault,
    false,
  );
  assert.equal(b.isDefault, true);
  const c = await customer(t.owner);
  const k = await json(
    await t.owner.call("POST", `${API}/contracts`, {
      customerId: c.id,
      name: "Old",
      startsOn: "2020-01-01",
      endsOn: "2020-12-31",
    }),
    201,
  );
  assert.equal(k.status, "expired");
  await problem(
    await t.owner.call("POST", `${API}/contracts`, {
      customerId: c.id,
      name: "Bad",
      startsOn: "2026-05-01",
      endsOn: "2026-01-01",
    }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/contracts`, {
      customerId: crypto.randomUUID(),
      name: "x",
      startsOn: "2026-01-01",
      endsOn: "2026-02-01",
    }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/teams`, { name: "x", memberIds: [crypto.randomUUID()] }),
    422,
  );
});

itest("support: ids of another tenant inside bodies are refused, never linked", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const stranger = await other.member(["agent"]);
  const team = await json(await other.owner.call("POST", `${API}/teams`, { name: "T" }), 201);
  const company = await json(
    await other.owner.call("POST", `${API}/companies`, { name: "C" }),
    201,
  );
  const theirs = await customer(other.owner);
  const policy = (escalation: Record<string, unknown>) =>
    t.owner.call("POST", `${API}/sla-policy`, {
      name: "x",
      targets: targets(60, 480),
      calendar: ALWAYS,
      escalation,
    });
  await problem(await policy({ userId: stranger.id }), 422);
  await problem(await policy({ teamId: team.id }), 422);
  await problem(await policy({ reassignTo: stranger.id }), 422);
  // A target the calendar cannot reach in ten years is a 422, not a failure on every ticket.
  await problem(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "x",
      targets: targets(60, 5_000_000),
      calendar: { timeZone: "UTC", weekly: { "1": [["09:00", "10:00"]] } },
    }),
    422,
  );
  const mine = await customer(t.owner);
  await problem(
    await t.owner.call("POST", `${API}/support-ticket`, {
      subject: "s",
      customerId: mine.id,
      companyId: company.id,
    }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/support-ticket`, { subject: "s", customerId: theirs.id }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/customers`, { name: "x", companyId: company.id }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/teams`, { name: "x", memberIds: [stranger.id] }),
    422,
  );
  const list = await json(await t.owner.call("GET", `${API}/sla-policy`), 200);
  assert.equal(list.items.length, 0);
});

itest("support customers: one with tickets cannot be deleted (409, kept)", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  await json(
    await t.owner.call("POST", `${API}/support-ticket`, { subject: "s", customerId: c.id }),
    201,
  );
  const body = await problem(await t.owner.call("DELETE", `${API}/customers/${c.id}`), 409);
  assert.match(body.detail, /tickets/);
  await json(await t.owner.call("GET", `${API}/customers/${c.id}`), 200);
});
