/**
 * Support's cards on the home page ("My open tickets", "SLA at risk") and its dashboard's
 * figures, for the people who may read tickets only.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { ALWAYS, API, customer, json, targets, ticket } from "./fixtures.ts";

itest("support home: my open tickets and SLA at risk, only for readers of tickets", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  // A custom role that reads projects only: no Support at all.
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "outsider",
      name: "Outsider",
      permissions: ["projects.*.read"],
    }),
    201,
  );
  const outsider = await t.member(["outsider"]);
  await json(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "Always",
      targets: targets(60, 240),
      calendar: ALWAYS,
      isDefault: true,
    }),
    201,
  );
  const c = await customer(t.owner);
  const mine = await ticket(t.owner, c.id, { subject: "Mine and open", assigneeId: agent.id });
  const done = await ticket(t.owner, c.id, { subject: "Mine but closed", assigneeId: agent.id });
  await json(
    await agent.call("PUT", `${API}/support-ticket/${done.id}`, { status: "cozuldu" }),
    200,
  );
  await json(await agent.call("POST", `${API}/support-ticket/${done.id}/close`), 200);
  const late = await ticket(t.owner, c.id, { subject: "Late one" });
  // The late ticket's clocks lie in the past (moved back instead of waiting).
  const { platform } = await testApp();
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`update support_tickets set resolution_due = now() - interval '1 minute',
      resolution_warn_at = now() - interval '2 minutes',
      first_response_due = now() - interval '1 minute',
      first_response_warn_at = now() - interval '2 minutes'
    where id = ${late.id}`,
  );

  const home = await (await browse("/", { who: agent })).text();
  const card = (id: string) => {
    const at = home.indexOf(`id="${id}"`);
    return at < 0 ? "" : home.slice(at, home.indexOf("</table>", at));
  };
  const my = card("home-my-tickets");
  assert.match(my, /Mine and open/);
  assert.doesNotMatch(my, /Mine but closed/, "closed tickets are done");
  assert.doesNotMatch(my, /Late one/, "not assigned to the reader");
  assert.ok(my.includes(`/support/tickets/${mine.id}`));
  const risk = card("home-sla-risk");
  assert.match(risk, /Late one/);
  assert.match(risk, /Breached/, "the SLA state as a label");
  assert.doesNotMatch(risk, /Mine and open/, "on track");

  // Someone who may not read tickets sees neither card.
  const plain = await (await browse("/", { who: outsider })).text();
  assert.doesNotMatch(plain, /home-my-tickets|home-sla-risk/);

  // The dashboard counts the same: three tickets, two open, one breached.
  const dash = await (await browse("/support", { who: agent })).text();
  assert.match(dash, /data-testid="open-count">2</);
  assert.match(dash, /class="kpi"/);
  assert.match(dash, /data-chart=/, "charts");
});
