import assert from "node:assert/strict";
import {
  browse,
  type Caller,
  itest,
  newTenant,
  problem,
  testApp,
  type TestTenant,
} from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { Problem } from "../../shared/http/problem.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import {
  rateTicketAsCustomer,
  ticketRating,
} from "../../modules/support/satisfaction/satisfaction.service.ts";
import { ratingPeriod, score } from "../../modules/support/satisfaction/satisfaction.rules.ts";

const inTenant = async <T>(tenantId: string, fn: (tx: Sql) => Promise<T>) => {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
};

/** The rating links in the mails sent to an address, oldest first. */
async function ratingLinks(t: TestTenant, to: string) {
  const mails = await inTenant(
    t.id,
    (tx) =>
      tx<{ subject: string; textBody: string; htmlBody: string }[]>`
        select subject, text_body, html_body from mail_outbox where to_address = ${to}
        order by created_at, id`,
  );
  return mails.flatMap((m) => {
    const found = /https?:\/\/[^\s"<]+\/support\/rate\/([A-Za-z0-9_-]{43})/.exec(m.textBody);
    return found
      ? [{ subject: m.subject, text: m.textBody, html: m.htmlBody, token: found[1] }]
      : [];
  });
}

async function solve(who: Caller, id: string) {
  return await json(
    await who.call("PUT", `${API}/support-ticket/${id}`, { status: "cozuldu" }),
    200,
  );
}

async function closeTicket(who: Caller, id: string) {
  await solve(who, id);
  return await json(await who.call("POST", `${API}/support-ticket/${id}/close`), 200);
}

async function team(owner: Caller, memberIds: string[], name: string) {
  return await json(await owner.call("POST", `${API}/teams`, { name, memberIds }), 201);
}

const rate = (token: string, form: Record<string, string>, origin?: string) =>
  browse(`/support/rate/${token}`, { form, origin });

/** A transaction as the customer portal runs it: the portal role, narrowed to one customer. */
async function asPortal<T>(tenantId: string, customerId: string, fn: (tx: Sql) => Promise<T>) {
  const { platform } = await testApp();
  return await platform.db.sql.begin(async (raw) => {
    const tx = raw as unknown as Sql;
    await tx`select set_config('role', 'platform_portal', true),
      set_config('app.tenant_id', ${tenantId}, true), set_config('app.user_id', '', true),
      set_config('app.portal_customer_id', ${customerId}, true),
      set_config('app.portal_company_id', '', true)`;
    return await fn(tx);
  }) as T;
}

async function refused(p: Promise<unknown>, status: number) {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof Problem, String(err));
    assert.equal(err.status, status, err.message);
    return;
  }
  assert.fail(`expected ${status}, but it succeeded`);
}

itest("support satisfaction rules: score and period", () => {
  assert.equal(score(3, 1), 75);
  assert.equal(score(2, 1), 66.7);
  assert.equal(score(0, 0), null);
  const now = Date.parse("2026-03-31T22:30:00Z");
  assert.deepEqual(ratingPeriod({}, "UTC", now), { from: "2026-03-02", to: "2026-03-31" });
  // Already 1 April in Istanbul.
  assert.deepEqual(ratingPeriod({}, "Europe/Istanbul", now), {
    from: "2026-03-03",
    to: "2026-04-01",
  });
  assert.ok("error" in ratingPeriod({ from: "2026-03-05", to: "2026-03-01" }, "UTC", now));
  assert.ok("error" in ratingPeriod({ from: "2024-01-01", to: "2026-01-01" }, "UTC", now));
});

itest(
  "support satisfaction: the closing e-mail's link rates once; GET records nothing; the agent sees it",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const c = await customer(t.owner, { email: "rater@example.test" });
    const tk = await ticket(agent, c.id, { assigneeId: agent.id });
    await closeTicket(agent, tk.id);
    const links = await ratingLinks(t, "rater@example.test");
    assert.equal(links.length, 1, "the default templates put the link in the closing mail only");
    const closing = links.find((l) => l.subject.startsWith("Closed:"));
    assert.ok(closing, "the closing e-mail carries a rating link");
    assert.match(closing.text, /Rate our help/);
    assert.ok(closing.html.includes(`/support/rate/${closing.token}`));

    // A mail scanner's GET (even with ?rating=good) records nothing.
    const page = await browse(`/support/rate/${closing.token}?rating=good`);
    assert.equal(page.status, 200);
    const body = await page.text();
    assert.match(body, /name="rating" value="good" checked/);
    assert.ok(body.includes(tk.number));
    let list = await json(await t.owner.call("GET", `${API}/satisfaction`), 200);
    assert.equal(list.items.length, 0);

    const done = await rate(closing.token, { rating: "good", comment: "  Quick and kind  " });
    assert.equal(done.status, 200);
    assert.match(await done.text(), /data-testid="rating-thanks"/);
    list = await json(await t.owner.call("GET", `${API}/satisfaction`), 200);
    assert.equal(list.items.length, 1);
    const [r] = list.items;
    assert.equal(r.ticketId, tk.id);
    assert.equal(r.rating, "good");
    assert.equal(r.comment, "Quick and kind");
    assert.equal(r.agentId, agent.id);
    assert.equal(r.via, "email");

    // The same link again: used (410), whatever it says now.
    const again = await rate(closing.token, { rating: "bad", comment: "" });
    assert.equal(again.status, 410);
    assert.match(await again.text(), /data-testid="rating-used"/);
    assert.equal((await browse(`/support/rate/${closing.token}`)).status, 410);
    // Reopened and closed again: a new link, but one rating per ticket (409).
    await json(await agent.call("POST", `${API}/support-ticket/${tk.id}/reopen`), 200);
    await closeTicket(agent, tk.id);
    const next = (await ratingLinks(t, "rater@example.test")).at(-1)!;
    assert.notEqual(next.token, closing.token);
    const second = await rate(next.token, { rating: "bad", comment: "" });
    assert.equal(second.status, 409);
    assert.match(await second.text(), /data-testid="rating-rated"/);
    list = await json(await t.owner.call("GET", `${API}/satisfaction`), 200);
    assert.equal(list.items.length, 1);
    assert.equal(list.items[0].rating, "good");

    // The agent's ticket page shows it.
    const detail = await browse(`/support/tickets/${tk.id}`, { who: agent });
    assert.equal(detail.status, 200);
    const html = await detail.text();
    assert.match(html, /data-testid="ticket-rating"/);
    assert.ok(html.includes("Quick and kind"));
  },
);

itest(
  "support satisfaction: Turkish closing mail; expired, unknown, cross-site and bad input refused",
  async () => {
    const t = await newTenant();
    const c = await customer(t.owner, { email: "musteri@example.test", locale: "tr" });
    const tk = await ticket(t.owner, c.id);
    await closeTicket(t.owner, tk.id);
    const [closing] = (await ratingLinks(t, "musteri@example.test"))
      .filter((l) => l.subject.startsWith("Kapatıldı:"));
    assert.ok(closing, "the Turkish default closing template carries the link");
    assert.match(closing.text, /Desteğimizi değerlendirin/);

    // Bad input: no choice, an unknown choice, a comment over 2,000 characters (400, form kept).
    for (
      const form of [{ comment: "x" }, { rating: "meh" }, {
        rating: "bad",
        comment: "x".repeat(2001),
      }]
    ) {
      const res = await rate(closing.token, form as Record<string, string>);
      assert.equal(res.status, 400);
      assert.match(await res.text(), /data-testid="rating-error"/);
    }
    // A post from another site is refused.
    const cross = await rate(closing.token, { rating: "good" }, "https://evil.example");
    assert.equal(cross.status, 403);
    // Unknown tokens: malformed and well-formed.
    assert.equal((await browse("/support/rate/nope")).status, 404);
    assert.equal((await browse(`/support/rate/${"A".repeat(43)}`)).status, 404);
    assert.equal((await rate("A".repeat(43), { rating: "good" })).status, 404);
    const list = await json(await t.owner.call("GET", `${API}/satisfaction`), 200);
    assert.equal(list.items.length, 0, "nothing was recorded");

    // Expired (30 days): refused with 410, nothing recorded.
    await inTenant(
      t.id,
      (tx) => tx`update support_rating_links set expires_at = now() - interval '1 minute'`,
    );
    const gone = await browse(`/support/rate/${closing.token}`);
    assert.equal(gone.status, 410);
    assert.match(await gone.text(), /data-testid="rating-expired"/);
    assert.equal((await rate(closing.token, { rating: "good" })).status, 410);
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/satisfaction`), 200)).items.length,
      0,
    );
  },
);

itest("support satisfaction: a link rates only its own workspace's ticket", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const ca = await customer(a.owner, { email: "same@example.test" });
  const cb = await customer(b.owner, { email: "same@example.test" });
  const ta = await ticket(a.owner, ca.id);
  const tb = await ticket(b.owner, cb.id);
  await closeTicket(a.owner, ta.id);
  await closeTicket(b.owner, tb.id);
  const [linkB] = await ratingLinks(b, "same@example.test");
  assert.equal((await rate(linkB.token, { rating: "bad", comment: "slow" })).status, 200);
  const inB = await json(await b.owner.call("GET", `${API}/satisfaction`), 200);
  assert.deepEqual(inB.items.map((r: { ticketId: string }) => r.ticketId), [tb.id]);
  const inA = await json(await a.owner.call("GET", `${API}/satisfaction`), 200);
  assert.equal(inA.items.length, 0, "A's ticket is untouched");
  // A's link still works for A.
  const [linkA] = await ratingLinks(a, "same@example.test");
  assert.equal((await rate(linkA.token, { rating: "good" })).status, 200);
  const report = await json(await a.owner.call("GET", `${API}/satisfaction/report`), 200);
  assert.deepEqual([report.totals.good, report.totals.bad], [1, 0]);
  // A reopened ticket's unused link: not solved (422).
  const tb2 = await ticket(b.owner, cb.id);
  await closeTicket(b.owner, tb2.id);
  await json(await b.owner.call("POST", `${API}/support-ticket/${tb2.id}/reopen`), 200);
  const linkB2 = (await ratingLinks(b, "same@example.test")).at(-1)!;
  assert.notEqual(linkB2.token, linkB.token);
  assert.equal((await rate(linkB2.token, { rating: "good" })).status, 422);
});

itest(
  "support satisfaction: rateTicketAsCustomer under the portal role (404, 409, 422, 400)",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const mine = await customer(t.owner, { email: "mine@example.test" });
    const theirs = await customer(t.owner, { email: "theirs@example.test" });
    const open = await ticket(t.owner, mine.id);
    const solved = await ticket(t.owner, mine.id);
    await solve(t.owner, solved.id);
    const notMine = await ticket(t.owner, theirs.id);
    await solve(t.owner, notMine.id);
    const foreignCustomer = await customer(other.owner);
    const foreign = await ticket(other.owner, foreignCustomer.id);
    await solve(other.owner, foreign.id);

    const as = <T>(fn: (tx: Sql) => Promise<T>) => asPortal(t.id, mine.id, fn);
    const input = (ticketId: string) => ({ ticketId, rating: "good" as const, comment: "Thanks" });
    await refused(as((tx) => rateTicketAsCustomer(tx, input(open.id))), 422);
    await refused(as((tx) => rateTicketAsCustomer(tx, input(notMine.id))), 404);
    await refused(as((tx) => rateTicketAsCustomer(tx, input(foreign.id))), 404);
    await refused(
      as((tx) => rateTicketAsCustomer(tx, { ...input(solved.id), comment: "x".repeat(2001) })),
      400,
    );
    await refused(
      as((tx) =>
        rateTicketAsCustomer(tx, { ...input(solved.id), rating: "meh" as unknown as "good" })
      ),
      400,
    );
    await as((tx) => rateTicketAsCustomer(tx, input(solved.id)));
    await refused(
      as((tx) => rateTicketAsCustomer(tx, { ...input(solved.id), rating: "bad" })),
      409,
    );
    const got = await as((tx) => ticketRating(tx, solved.id));
    assert.equal(got?.rating, "good");
    assert.equal(got?.comment, "Thanks");
    assert.ok(got && !Number.isNaN(Date.parse(got.ratedAt)));
    // Another customer's scope does not see it.
    assert.equal(await asPortal(t.id, theirs.id, (tx) => ticketRating(tx, solved.id)), null);
    assert.equal(await as((tx) => ticketRating(tx, open.id)), null);
    // The agents see it, via the portal.
    const list = await json(await t.owner.call("GET", `${API}/satisfaction`), 200);
    assert.deepEqual(list.items.map((r: { via: string }) => r.via), ["portal"]);
    // Nothing reached the other tenant's ticket.
    const theirList = await json(await other.owner.call("GET", `${API}/satisfaction`), 200);
    assert.equal(theirList.items.length, 0);
  },
);

itest(
  "support satisfaction report: per agent, team and period (time zone), CSV, paging",
  async () => {
    const t = await newTenant();
    const ali = await t.member(["agent"]);
    const ayse = await t.member(["agent"]);
    const desk = await team(t.owner, [ali.id, ayse.id], "Desk");
    const field = await team(t.owner, [ali.id], "Field");
    const c = await customer(t.owner);
    const make = async (assignee: Caller, teamId: string, rating: "good" | "bad", at: string) => {
      const tk = await ticket(t.owner, c.id, { assigneeId: assignee.id, teamId });
      await solve(t.owner, tk.id);
      await asPortal(
        t.id,
        c.id,
        (tx) => rateTicketAsCustomer(tx, { ticketId: tk.id, rating, comment: `${rating} ${at}` }),
      );
      await inTenant(
        t.id,
        (tx) => tx`update support_ratings set rated_at = ${at} where ticket_id = ${tk.id}`,
      );
      return tk;
    };
    await inTenant(
      t.id,
      (tx) => tx`update tenants set time_zone = 'Europe/Istanbul' where id = ${t.id}`,
    );
    const first = await make(ali, desk.id, "good", "2026-03-02T09:00:00Z");
    await make(ali, desk.id, "bad", "2026-03-02T21:30:00Z"); // 3 March 00:30 in Istanbul
    await make(ali, field.id, "good", "2026-03-10T10:00:00Z");
    await make(ayse, desk.id, "good", "2026-04-01T10:00:00Z");
    // Reassigned after the rating: the report keeps who had it then.
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${first.id}/reopen`),
      200,
    );
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${first.id}/assign`, {
        assigneeId: ayse.id,
      }),
      200,
    );
    const range = "from=2026-03-01&to=2026-04-30";
    const get = async (q: string) =>
      await json(await t.owner.call("GET", `${API}/satisfaction/report?${range}&${q}`), 200);

    const byAgent = await get("groupBy=agent");
    const counts = (rows: { key: string; good: number; bad: number; score: number | null }[]) =>
      Object.fromEntries(rows.map((r) => [r.key, [r.good, r.bad, r.score]]));
    assert.deepEqual(counts(byAgent.rows), {
      [ali.id]: [2, 1, 66.7],
      [ayse.id]: [1, 0, 100],
    });
    assert.deepEqual(byAgent.totals, { good: 3, bad: 1, total: 4, score: 75 });
    assert.equal(byAgent.timeZone, "Europe/Istanbul");

    const byTeam = await get("groupBy=team");
    assert.deepEqual(counts(byTeam.rows), { [desk.id]: [2, 1, 66.7], [field.id]: [1, 0, 100] });
    assert.equal(byTeam.rows.find((r: { key: string }) => r.key === desk.id).label, "Desk");

    const byDay = await get("groupBy=period&bucket=day");
    assert.deepEqual(counts(byDay.rows), {
      "2026-03-02": [1, 0, 100],
      "2026-03-03": [0, 1, 0],
      "2026-03-10": [1, 0, 100],
      "2026-04-01": [1, 0, 100],
    });
    const byWeek = await get("groupBy=period&bucket=week");
    assert.deepEqual(counts(byWeek.rows), {
      "2026-03-02": [1, 1, 50],
      "2026-03-09": [1, 0, 100],
      "2026-03-30": [1, 0, 100],
    });
    const byMonth = await get("groupBy=period&bucket=month");
    assert.deepEqual(counts(byMonth.rows), {
      "2026-03-01": [2, 1, 66.7],
      "2026-04-01": [1, 0, 100],
    });
    // The date range cuts in the workspace's time zone: 3 March onwards drops the first.
    const fromThird = await json(
      await t.owner.call("GET", `${API}/satisfaction/report?from=2026-03-03&to=2026-03-31`),
      200,
    );
    assert.deepEqual([fromThird.totals.good, fromThird.totals.bad], [1, 1]);

    // CSV = JSON.
    const csv = await t.owner.call(
      "GET",
      `${API}/satisfaction/report?${range}&groupBy=team&format=csv`,
    );
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /text\/csv/);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    assert.equal(lines[0], "team,good,bad,total,scorePercent");
    assert.deepEqual(lines.slice(1).sort(), ["Desk,2,1,3,66.7", "Field,1,0,1,100"]);
    const page = await browse(`/support/reports/satisfaction.csv?${range}&groupBy=agent`, {
      who: t.owner,
    });
    assert.equal(page.status, 200);

    // The list: newest first, keyset pages, filters.
    const p1 = await json(await t.owner.call("GET", `${API}/satisfaction?${range}&limit=3`), 200);
    assert.equal(p1.items.length, 3);
    assert.equal(p1.items[0].ratedAt, "2026-04-01T10:00:00.000Z");
    const p2 = await json(
      await t.owner.call("GET", `${API}/satisfaction?${range}&limit=3&cursor=${p1.nextCursor}`),
      200,
    );
    assert.equal(p2.items.length, 1);
    assert.equal(p2.nextCursor, null);
    assert.equal(p2.items[0].agentId, ali.id, "who had it at rating time");
    const bad = await json(
      await t.owner.call("GET", `${API}/satisfaction?${range}&rating=bad`),
      200,
    );
    assert.equal(bad.items.length, 1);
    const ayses = await json(
      await t.owner.call("GET", `${API}/satisfaction?${range}&agentId=${ayse.id}`),
      200,
    );
    assert.equal(ayses.items.length, 1);
    const fields = await json(
      await t.owner.call("GET", `${API}/satisfaction?${range}&teamId=${field.id}`),
      200,
    );
    assert.equal(fields.items.length, 1);

    // The page: table, score and recent comments, in both languages.
    const html = await (await browse(`/support/reports/satisfaction?${range}&groupBy=team`, {
      who: t.owner,
    })).text();
    assert.match(html, /data-testid="satisfaction-score"/);
    assert.ok(html.includes("Desk"));
    assert.match(html, /data-testid="satisfaction-comments"/);
  },
);

itest("support satisfaction: bad input 400, permission 403, tenants apart", async () => {
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
  for (
    const q of [
      "report?groupBy=customer",
      "report?bucket=year",
      "report?from=yesterday",
      "report?from=2026-02-01&to=2026-01-01",
      "report?from=2024-01-01&to=2026-01-01",
      "report?format=xml",
      "?limit=0",
      "?rating=meh",
      "?agentId=nope",
      "?cursor=garbage",
    ]
  ) {
    await problem(
      await t.owner.call("GET", `${API}/satisfaction${q.startsWith("?") ? "" : "/"}${q}`),
      400,
    );
  }
  await problem(await agent.call("GET", `${API}/satisfaction`), 403);
  await problem(await agent.call("GET", `${API}/satisfaction/report`), 403);
  assert.equal((await browse("/support/reports/satisfaction", { who: agent })).status, 403);
  assert.equal((await browse("/support/reports/satisfaction.csv", { who: agent })).status, 403);
  assert.equal(
    (await browse("/support/reports/satisfaction?groupBy=x", { who: t.owner })).status,
    400,
  );

  // Another tenant's ticket: its page is 404 and its rating is not shown or changed.
  const c = await customer(other.owner);
  const tk = await ticket(other.owner, c.id);
  await solve(other.owner, tk.id);
  await asPortal(
    other.id,
    c.id,
    (tx) => rateTicketAsCustomer(tx, { ticketId: tk.id, rating: "bad", comment: "" }),
  );
  assert.equal((await browse(`/support/tickets/${tk.id}`, { who: t.owner })).status, 404);
  const mine = await json(await t.owner.call("GET", `${API}/satisfaction`), 200);
  assert.equal(mine.items.length, 0);
  const theirs = await json(await other.owner.call("GET", `${API}/satisfaction`), 200);
  assert.equal(theirs.items.length, 1);
  assert.equal(theirs.items[0].rating, "bad");
  // Unauthenticated API: 401.
  await problem(await (await testApp()).app.request(`${API}/satisfaction`), 401);
});
