import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import {
  decimalHours,
  formatMinutes,
  reportPeriod,
} from "../../modules/support/time/time.rules.ts";

itest("support time rules: durations, hours, periods", () => {
  assert.equal(formatMinutes("en", 45), "45 min");
  assert.equal(formatMinutes("en", 120), "2 h");
  assert.equal(formatMinutes("en", 125), "2 h 5 min");
  assert.equal(formatMinutes("tr", 125), "2 sa 5 dk");
  assert.equal(decimalHours(90), 1.5);
  assert.equal(decimalHours(10), 0.17);
  const now = Date.parse("2026-03-31T12:00:00Z");
  assert.deepEqual(reportPeriod({}, now), { from: "2026-03-02", to: "2026-03-31" });
  assert.deepEqual(reportPeriod({ from: "2026-03-05", to: "2026-03-01" }, now), {
    error: "from is after to",
  });
  assert.ok("error" in reportPeriod({ from: "2024-01-01", to: "2026-01-01" }, now));
});

/** The CSV's rows as objects (header row → keys); the BOM and CRLFs removed. */
function parseCsv(text: string) {
  const [head, ...lines] = text.replace(/^\uFEFF/, "").trim().split("\r\n");
  const keys = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [keys[i], v])));
}

itest(
  "support time: minutes per comment, ticket total, per agent and customer, CSV = JSON",
  async () => {
    const t = await newTenant();
    const ali = await t.member(["agent"]);
    const ayse = await t.member(["agent"]);
    const acme = await customer(t.owner, { name: "Acme" });
    const beta = await customer(t.owner, { name: "Beta" });
    const t1 = await ticket(ali, acme.id);
    const t2 = await ticket(ali, beta.id);
    const comment = (who: typeof ali, id: string, minutes?: number) =>
      who.call("POST", `${API}/support-ticket/${id}/comments`, {
        body: "worked",
        visibility: "internal",
        ...(minutes === undefined ? {} : { minutes }),
      });
    const c1 = await json(await comment(ali, t1.id, 30), 201);
    assert.equal(c1.minutes, 30);
    await json(await comment(ali, t2.id, 45), 201);
    await json(await comment(ayse, t1.id, 90), 201);
    assert.equal((await json(await comment(ayse, t1.id), 201)).minutes, null);
    await problem(await comment(ali, t1.id, 0), 400);
    await problem(await comment(ali, t1.id, 1441), 400);
    await problem(
      await ali.call("POST", `${API}/support-ticket/${t1.id}/comments`, {
        body: "x",
        minutes: 1.5,
      }),
      400,
    );

    const page = await (await browse(`/support/tickets/${t1.id}`, { who: ali })).text();
    assert.match(page, /data-testid="time-total"[^>]*><span class="support-duration">2 h<\/span>/);

    const byAgent = await json(await t.owner.call("GET", `${API}/reports/time?groupBy=agent`), 200);
    assert.equal(byAgent.totalMinutes, 165);
    assert.equal(byAgent.totalTickets, 2);
    const rows = Object.fromEntries(
      byAgent.rows.map((r: { id: string }) => [r.id, r]),
    );
    assert.equal(rows[ali.id].minutes, 75);
    assert.equal(rows[ali.id].tickets, 2);
    assert.equal(rows[ayse.id].minutes, 90);
    assert.equal(rows[ayse.id].tickets, 1);
    assert.equal(byAgent.rows[0].id, ayse.id, "most time first");

    const byCustomer = await json(
      await t.owner.call("GET", `${API}/reports/time?groupBy=customer`),
      200,
    );
    assert.deepEqual(
      byCustomer.rows.map((r: { name: string; minutes: number; tickets: number }) => [
        r.name,
        r.minutes,
        r.tickets,
      ]),
      [["Acme", 120, 1], ["Beta", 45, 1]],
    );

    const csv = await t.owner.call("GET", `${API}/reports/time.csv?groupBy=customer`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /text\/csv/);
    assert.deepEqual(
      parseCsv(await csv.text()),
      byCustomer.rows.map((
        r: { name: string; minutes: number; tickets: number; comments: number },
      ) => ({
        customer: r.name,
        minutes: String(r.minutes),
        hours: String(decimalHours(r.minutes)),
        tickets: String(r.tickets),
        comments: String(r.comments),
      })),
    );

    // A period before the work: nothing.
    const empty = await json(
      await t.owner.call("GET", `${API}/reports/time?from=2020-01-01&to=2020-01-31`),
      200,
    );
    assert.deepEqual(empty.rows, []);
    assert.equal(empty.totalMinutes, 0);

    // The page shows hours and minutes and labels, not codes.
    const report = await (await browse("/support/reports/time?groupBy=customer", { who: t.owner }))
      .text();
    assert.match(report, /Acme/);
    assert.match(report, /2 h/);
    assert.match(report, /45 min/);
    assert.doesNotMatch(report, /groupBy=customer[^"]*">customer/);
  },
);

itest("support time report: bad input 400, permissions 403, tenants apart", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "tickets-only",
      name: "Tickets",
      permissions: ["support.ticket.read", "support.ticket.write"],
    }),
    201,
  );
  const agent = await t.member(["tickets-only"]);
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  await json(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "x",
      minutes: 20,
    }),
    201,
  );
  await problem(await t.owner.call("GET", `${API}/reports/time?groupBy=team`), 400);
  await problem(await t.owner.call("GET", `${API}/reports/time?from=yesterday`), 400);
  await problem(
    await t.owner.call("GET", `${API}/reports/time?from=2026-02-01&to=2026-01-01`),
    400,
  );
  await problem(await t.owner.call("GET", `${API}/reports/time.csv?groupBy=x`), 400);
  // A role without support.report.read.
  await problem(await agent.call("GET", `${API}/reports/time`), 403);
  await problem(await agent.call("GET", `${API}/reports/time.csv`), 403);
  const page = await browse("/support/reports/time", { who: agent });
  assert.equal(page.status, 403);
  // Another tenant sees none of this tenant's time.
  const theirs = await json(await other.owner.call("GET", `${API}/reports/time`), 200);
  assert.deepEqual(theirs.rows, []);
  assert.equal(theirs.totalMinutes, 0);
  // Another tenant's ticket takes no comment (404) and its time does not change.
  await problem(
    await other.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "x",
      minutes: 5,
    }),
    404,
  );
  const mine = await json(await t.owner.call("GET", `${API}/reports/time`), 200);
  assert.equal(mine.totalMinutes, 20);
});
