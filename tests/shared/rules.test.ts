import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { createRule } from "../../platform/notifications/rules.repo.ts";
import { evaluate } from "../../platform/notifications/rules.lib.ts";
import { RuleInput } from "../../platform/notifications/rules.schemas.ts";
import { drainEvents, publish } from "../../platform/events/public.ts";

async function drainRules() {
  const { platform } = await testApp();
  await drainEvents(platform, ["notifications"]);
}

itest("rules: conditions", () => {
  const data = { ticket: { priority: "kritik", tags: ["vip"], hours: 5 }, customer: null };
  assert.ok(evaluate({}, data));
  assert.ok(evaluate({ all: [{ field: "ticket.priority", op: "eq", value: "kritik" }] }, data));
  assert.ok(!evaluate({ all: [{ field: "ticket.priority", op: "ne", value: "kritik" }] }, data));
  assert.ok(
    evaluate({ all: [{ field: "ticket.priority", op: "in", value: ["yuksek", "kritik"] }] }, data),
  );
  assert.ok(evaluate({ all: [{ field: "ticket.tags", op: "contains", value: "vip" }] }, data));
  assert.ok(
    evaluate({
      all: [{ field: "ticket.hours", op: "gt", value: 4 }, { field: "customer", op: "missing" }],
    }, data),
  );
  assert.ok(
    !evaluate({ all: [{ field: "ticket.hours", op: "gt", value: "4" }] }, data),
    "no cross-type compare",
  );
  assert.ok(
    evaluate({
      any: [{ field: "x", op: "exists" }, { field: "ticket.hours", op: "lte", value: 5 }],
    }, data),
  );
  assert.ok(!evaluate({ any: [{ field: "x", op: "exists" }] }, data));
  assert.equal(RuleInput.safeParse({ name: "x", event: "Bad Event", actions: [] }).success, false);
});

itest(
  "rules: a published event runs matching rules after commit (notify, e-mail, job)",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const outsider = await newTenant();
    const { platform } = await testApp();
    const event = `support.ticket.${unique("created").replace(/[^a-z]/g, "")}`;
    const followUp = unique("rules.follow-up");
    await withScope(platform.db.sql, { tenantId: t.id }, (tx) =>
      createRule(
        tx,
        RuleInput.parse({
          name: "Critical tickets",
          event,
          condition: { all: [{ field: "ticket.priority", op: "eq", value: "kritik" }] },
          actions: [
            {
              type: "notify",
              userField: "ticket.assigneeId",
              title: "Critical: {{ticket.number}}",
              link: "/support/tickets/{{ticket.id}}",
            },
            { type: "notify", userIds: [outsider.owner.id], title: "must not arrive" },
            {
              type: "email",
              toField: "customer.email",
              template: { subject: "We got {{ticket.number}}", body: "Dear {{customer.name}}" },
            },
            { type: "job", name: followUp, payload: { reason: "critical" } },
          ],
        }),
      ));
    const ticket = (priority: string) => ({
      ticket: { id: crypto.randomUUID(), number: `T-${priority}`, priority, assigneeId: agent.id },
      customer: { name: "Ada <x>", email: "ada@example.test" },
    });
    await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
      await publish(tx, event, ticket("kritik"));
      await publish(tx, event, ticket("normal"));
    });
    await assert.rejects(() =>
      withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
        await publish(tx, event, ticket("kritik"));
        throw new Error("the change failed");
      })
    );
    await drainRules();

    const inbox = await (await agent.call("GET", "/api/notifications")).json();
    assert.deepEqual(inbox.items.map((n: { title: string }) => n.title), ["Critical: T-kritik"]);
    assert.match(inbox.items[0].link, /^\/support\/tickets\/[0-9a-f-]{36}$/);
    assert.equal(inbox.items[0].module, "support");
    assert.equal(
      (await (await outsider.owner.call("GET", "/api/notifications")).json()).items.length,
      0,
    );
    const mails = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select to_address, subject, html_body from mail_outbox`,
    );
    assert.deepEqual(mails.map((m) => [m.toAddress, m.subject]), [[
      "ada@example.test",
      "We got T-kritik",
    ]]);
    assert.match(mails[0].htmlBody, /Ada &lt;x&gt;/);
    const jobs = await platform.db
      .sql`select tenant_id, payload from jobs where name = ${followUp}`;
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0].tenantId, t.id);
    assert.equal(jobs[0].payload.reason, "critical");
  },
);

itest("rules: notification links stay inside the app", async () => {
  const { safeLink } = await import("../../platform/notifications/notify.service.ts");
  assert.equal(safeLink("/support/tickets/1"), "/support/tickets/1");
  for (
    const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/\\evil.example",
      "https://x.example",
      "/a\nb",
    ]
  ) {
    assert.equal(safeLink(bad), null, bad);
  }
  assert.equal(
    RuleInput.safeParse({
      name: "x",
      event: "support.ticket.created",
      actions: [{ type: "notify", userIds: [], title: "t", link: "javascript:alert(1)" }],
    }).success,
    false,
  );
});

itest("rules: a rule cannot start platform jobs (no rule loops, no mail or purge runs)", () => {
  for (const name of ["platform.rules.dispatch", "platform.mail.send", "platform.retention"]) {
    const parsed = RuleInput.safeParse({
      name: "loop",
      event: "support.ticket.created",
      actions: [{ type: "job", name }],
    });
    assert.equal(parsed.success, false, name);
  }
});
