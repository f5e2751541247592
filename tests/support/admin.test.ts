import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { drainEvents } from "../../platform/events/public.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

itest("support rules: a rule on ticket events notifies through the rules engine", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const rule = await json(
    await t.owner.call("POST", `${API}/notification-rules`, {
      name: "Critical tickets to the agent",
      event: "support.ticket.created",
      condition: { all: [{ field: "ticket.priority", op: "eq", value: "kritik" }] },
      actions: [{
        type: "notify",
        userIds: [agent.id],
        title: "Critical: {{ticket.number}}",
        link: "/support/tickets/{{ticket.id}}",
      }],
    }),
    201,
  );
  await problem(
    await t.owner.call("POST", `${API}/notification-rules`, {
      name: "x",
      event: "documents.file.created",
      actions: [],
    }),
    400,
  );
  const stranger = await (await newTenant()).member(["agent"]);
  await problem(
    await t.owner.call("POST", `${API}/notification-rules`, {
      name: "x",
      event: "support.ticket.created",
      actions: [{ type: "notify", userIds: [stranger.id], title: "x" }],
    }),
    422,
  );
  await problem(
    await viewer.call("POST", `${API}/notification-rules`, {
      name: "x",
      event: "support.ticket.created",
      actions: [],
    }),
    403,
  );
  const c = await customer(t.owner);
  const critical = await ticket(t.owner, c.id, { priority: "kritik" });
  await ticket(t.owner, c.id, { priority: "dusuk" });
  const { platform } = await testApp();
  await drainEvents(platform, ["notifications"]);
  const inbox = await json(await agent.call("GET", "/api/notifications"), 200);
  const titles = inbox.items.map((n: { title: string }) => n.title);
  assert.deepEqual(titles.filter((x: string) => x.startsWith("Critical")), [
    `Critical: ${critical.number}`,
  ]);
  const off = await json(
    await t.owner.call("PUT", `${API}/notification-rules/${rule.id}`, { enabled: false }),
    200,
  );
  assert.equal(off.enabled, false);
  const other = await newTenant();
  await problem(
    await other.owner.call("PUT", `${API}/notification-rules/${rule.id}`, { enabled: true }),
    404,
  );
  await problem(await other.owner.call("DELETE", `${API}/notification-rules/${rule.id}`), 404);
  assert.equal(
    (await json(await t.owner.call("GET", `${API}/notification-rules`), 200)).items.length,
    1,
  );
  await json(await t.owner.call("DELETE", `${API}/notification-rules/${rule.id}`), 200);
  assert.equal(
    (await json(await t.owner.call("GET", `${API}/notification-rules`), 200)).items.length,
    0,
  );
});

itest("support settings: read, change, validation, permission", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  assert.deepEqual(await json(await agent.call("GET", `${API}/settings`), 200), {
    defaultPriority: "normal",
    defaultLocale: "en",
    customerEmails: true,
    signature: "",
  });
  const changed = await json(
    await t.owner.call("PUT", `${API}/settings`, {
      defaultPriority: "yuksek",
      customerEmails: false,
    }),
    200,
  );
  assert.equal(changed.defaultPriority, "yuksek");
  await problem(await t.owner.call("PUT", `${API}/settings`, { defaultPriority: "asap" }), 400);
  await problem(await agent.call("PUT", `${API}/settings`, { defaultPriority: "dusuk" }), 403);
  const c = await customer(t.owner, { email: `s-${t.slug}@example.test` });
  const tk = await ticket(t.owner, c.id);
  assert.equal(tk.priority, "yuksek", "the tenant's default priority");
  const other = await newTenant();
  assert.equal(
    (await json(await other.owner.call("GET", `${API}/settings`), 200)).defaultPriority,
    "normal",
  );
});

itest(
  "support customers: activity lists tickets, comments and edits; other tenant 404",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const c = await customer(t.owner);
    const tk = await ticket(t.owner, c.id, { subject: "Broken" });
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, { body: "On it" }),
      201,
    );
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: "secret",
        visibility: "internal",
      }),
      201,
    );
    await json(await t.owner.call("PUT", `${API}/customers/${c.id}`, { phone: "123" }), 200);
    const h = await json(
      await t.owner.call("GET", `${API}/customers/${c.id}/activity?limit=2`),
      200,
    );
    const h2 = await json(
      await t.owner.call(
        "GET",
        `${API}/customers/${c.id}/activity?limit=10&cursor=${h.nextCursor}`,
      ),
      200,
    );
    const all = [...h.items, ...h2.items];
    assert.deepEqual(all.map((x: { kind: string }) => x.kind).sort(), [
      "change",
      "change",
      "comment",
      "ticket",
    ]);
    assert.ok(
      !all.some((x: { title: string }) => x.title.includes("secret")),
      "internal notes stay out",
    );
    await problem(await other.owner.call("GET", `${API}/customers/${c.id}/activity`), 404);
    await problem(await t.owner.call("GET", `${API}/customers/${c.id}/activity?cursor=bad`), 400);
    await problem(await other.owner.call("GET", `${API}/support-ticket/${tk.id}/comments`), 404);
  },
);

itest("support openapi: every Support route is documented", async () => {
  const res = await callApp("/openapi.json");
  const doc = await json(res, 200);
  const paths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/support/"));
  for (
    const p of [
      "/api/support/support-ticket",
      "/api/support/support-ticket/{id}",
      "/api/support/support-ticket/{id}/close",
      "/api/support/support-ticket/{id}/reopen",
      "/api/support/support-ticket/{id}/assign",
      "/api/support/support-ticket/{id}/comments",
      "/api/support/customers",
      "/api/support/customers/{id}",
      "/api/support/customers/{id}/activity",
      "/api/support/contacts",
      "/api/support/companies",
      "/api/support/contracts",
      "/api/support/sla-policy",
      "/api/support/email-template",
      "/api/support/numbering-template",
      "/api/support/report",
      "/api/support/status",
      "/api/support/departments",
      "/api/support/teams",
      "/api/support/settings",
      "/api/support/translations",
      "/api/support/notification-rules",
    ]
  ) assert.ok(paths.includes(p), `${p} documented`);
  assert.ok(doc.components.schemas.SupportTicket);
  assert.deepEqual(doc.components.schemas.SupportTicketStatus.enum, [
    "acik",
    "islemde",
    "cozuldu",
    "kapandi",
  ]);
});
