import assert from "node:assert/strict";
import { type Caller, itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import { portalAudience } from "../../modules/support/portal/portal.session.service.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import { saveSettings } from "../../modules/documents/settings/settings.service.ts";
import { withScope } from "../../shared/db/scope.ts";

/**
 * The customer portal's ticket pages through HTTP, as a signed-in customer (the portal cookie
 * issued the way the sign-in does). Row-level security is the guard: every refusal is also
 * checked to have changed nothing.
 */

const ORIGIN = "http://localhost";

/** A portal session cookie for a customer of a tenant (what signing in by link sets). */
async function portalToken(tenantId: string, customerId: string) {
  const { platform } = await testApp();
  const { token } = await platform.tokens.issueFor(portalAudience(platform.config.JWT_ISSUER), {
    sub: customerId,
    claims: { tid: tenantId, typ: "support-portal" },
    ttlSeconds: 3600,
  });
  return token;
}

interface Portal {
  slug: string;
  customerId: string;
  get(path: string): Promise<Response>;
  post(path: string, form?: Record<string, string | string[]>): Promise<Response>;
  upload(files: File[], keep?: string[]): Promise<Response>;
}

async function portalOf(t: TestTenant, customerId: string, slug = t.slug): Promise<Portal> {
  const { app } = await testApp();
  const cookie = `portal_session=${await portalToken(t.id, customerId)}; lang=en`;
  const base = `/portal/${slug}`;
  return {
    slug,
    customerId,
    get: async (path) => await app.request(base + path, { headers: { Cookie: cookie } }),
    post: async (path, form = {}) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) for (const x of [v].flat()) params.append(k, x);
      return await app.request(base + path, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: ORIGIN,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: params.toString(),
      });
    },
    upload: async (files, keep = []) => {
      const body = new FormData();
      for (const f of files) body.append("file", f, f.name);
      const q = keep.length ? `?keep=${keep.join(",")}` : "";
      return await app.request(`${base}/uploads${q}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, "HX-Request": "true" },
        body,
      });
    },
  };
}

/** Runs SQL as the schema owner (test set-up of settings the portal only reads). */
async function asOwner<T>(
  fn: (sql: Awaited<ReturnType<typeof testApp>>["platform"]["db"]["sql"]) => Promise<T>,
) {
  const { platform } = await testApp();
  return await fn(platform.db.sql);
}

async function portalSettings(
  tenantId: string,
  s: { allowPriority?: boolean; showAssigneeNames?: boolean; reopenDays?: number } = {},
) {
  await asOwner((sql) =>
    sql`insert into support_portal_settings
          (tenant_id, enabled, allow_priority, show_assignee_names, reopen_days)
        values (${tenantId}, true, ${s.allowPriority ?? false}, ${s.showAssigneeNames ?? true},
                ${s.reopenDays ?? 7})
        on conflict (tenant_id) do update set enabled = true,
          allow_priority = excluded.allow_priority,
          show_assignee_names = excluded.show_assignee_names,
          reopen_days = excluded.reopen_days`
  );
}

async function shareCompany(companyId: string, on: boolean) {
  await asOwner((sql) =>
    sql`update support_companies set portal_shared_tickets = ${on} where id = ${companyId}`
  );
}

/** A tenant with the portal on, an agent, a company with two customers and an outsider. */
async function world() {
  const t = await newTenant();
  await portalSettings(t.id);
  const agent = await t.member(["agent"]);
  const company = await json(
    await t.owner.call("POST", `${API}/companies`, { name: "Acme Ltd" }),
    201,
  );
  const ayse = await customer(t.owner, {
    name: "Ayşe Yılmaz",
    email: `ayse-${crypto.randomUUID().slice(0, 6)}@example.test`,
    companyId: company.id,
  });
  const burak = await customer(t.owner, {
    name: "Burak Demir",
    email: `burak-${crypto.randomUUID().slice(0, 6)}@example.test`,
    companyId: company.id,
  });
  const other = await customer(t.owner, { name: "Cem Outsider", email: "cem@example.test" });
  return { t, agent, company, ayse, burak, other };
}

const text = async (res: Response, status: number) => {
  const body = await res.text();
  assert.equal(res.status, status, body.slice(0, 2000));
  return body;
};

const getTicket = async (who: Caller, id: string) =>
  await json(await who.call("GET", `${API}/support-ticket/${id}`), 200);
const comments = async (who: Caller, id: string) =>
  (await json(await who.call("GET", `${API}/support-ticket/${id}/comments`), 200)).items as {
    body: string;
    channel: string;
    authorId: string | null;
    visibility: string;
  }[];

/** The path a post redirected to (303). */
function redirectedTo(res: Response) {
  assert.equal(res.status, 303, `expected a redirect, got ${res.status}`);
  return res.headers.get("location") ?? "";
}

/** No codes on a customer's page: enum values, UUIDs or ISO times as visible text. */
function assertNoCodes(html: string) {
  const visible = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
  for (const code of ["acik", "islemde", "cozuldu", "kapandi", "dusuk", "yuksek", "kritik"]) {
    assert.ok(!new RegExp(`\\b${code}\\b`).test(visible), `enum code ${code} visible`);
  }
  assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/.test(visible), "a UUID is visible");
  assert.ok(!/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(visible), "an ISO time is visible");
  assert.ok(!/support\.portalTickets\./.test(visible), "an i18n key is visible");
}

itest(
  "portal tickets: the list shows the customer's own; the company's only when it shares",
  async () => {
    const { t, agent, company, ayse, burak, other } = await world();
    const mine = await ticket(agent, ayse.id, { subject: "Ayşe printer jam" });
    const colleague = await ticket(agent, burak.id, { subject: "Burak VPN down" });
    const outsider = await ticket(agent, other.id, { subject: "Cem invoice question" });
    const portal = await portalOf(t, ayse.id);

    const home = await text(await portal.get(""), 200);
    assert.ok(home.includes("Ayşe printer jam"));
    assert.ok(!home.includes("Burak VPN down"), "a colleague's ticket without sharing");
    assert.ok(!home.includes("Cem invoice question"));
    assert.ok(home.includes(mine.number));
    assert.ok(home.includes(">Open<"), "a status label, not its code");
    assert.ok(!home.includes(`value="company"`), "no company filter without sharing");
    assertNoCodes(home);

    // Asking for the company's list without sharing still shows only the customer's own.
    const unshared = await text(await portal.get("/tickets?whose=company"), 200);
    assert.ok(!unshared.includes("Burak VPN down"));

    await shareCompany(company.id, true);
    const shared = await text(await portal.get("/tickets?whose=company"), 200);
    assert.ok(shared.includes("Ayşe printer jam"));
    assert.ok(shared.includes("Burak VPN down"), "the colleague's ticket once the company shares");
    assert.ok(!shared.includes("Cem invoice question"));
    assert.ok(shared.includes(`value="company"`));
    // "Mine" stays the customer's own even when the company shares.
    const own = await text(await portal.get("/tickets?whose=mine"), 200);
    assert.ok(!own.includes("Burak VPN down"));
    // The colleague's ticket opens; the outsider's does not.
    await text(await portal.get(`/tickets/${colleague.id}`), 200);
    await text(await portal.get(`/tickets/${outsider.id}`), 404);

    await shareCompany(company.id, false);
    await text(await portal.get(`/tickets/${colleague.id}`), 404);

    // Status filter: solved tickets are not open.
    await json(
      await agent.call("PUT", `${API}/support-ticket/${mine.id}`, { status: "cozuldu" }),
      200,
    );
    const open = await text(await portal.get("/tickets?status=open"), 200);
    assert.ok(!open.includes("Ayşe printer jam"));
    const solved = await text(await portal.get("/tickets?status=solved"), 200);
    assert.ok(solved.includes("Ayşe printer jam"));
    assert.ok(solved.includes(">Resolved<"));
    // A hand-edited filter falls back to the default; a forged cursor is a 400, not a 500.
    const fallback = await text(await portal.get("/tickets?status=bogus&whose=x"), 200);
    assert.ok(fallback.includes("Ayşe printer jam"));
    await text(await portal.get("/tickets?cursor=forged"), 400);
  },
);

itest("portal tickets: load more pages through the customer's tickets", async () => {
  const { t, agent, ayse } = await world();
  for (let i = 0; i < 22; i++) await ticket(agent, ayse.id, { subject: `Paged ticket ${i}` });
  const portal = await portalOf(t, ayse.id);
  const first = await text(await portal.get("/tickets"), 200);
  const next = first.match(/href="([^"]*cursor=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  assert.ok(next, "a load-more link");
  assert.ok(first.includes("Paged ticket 21") && !first.includes("Paged ticket 1<"));
  const { app } = await testApp();
  const more = await text(
    await app.request(next, {
      headers: { Cookie: `portal_session=${await portalToken(t.id, ayse.id)}` },
    }),
    200,
  );
  assert.ok(more.includes("Paged ticket 0"));
  assert.ok(!more.includes("Paged ticket 21"));
});

itest(
  "portal tickets: signed out → sign-in page; a staff session is no portal session",
  async () => {
    const { t } = await world();
    const { app } = await testApp();
    const anon = await app.request(`/portal/${t.slug}/tickets/new`);
    assert.equal(anon.status, 303);
    assert.match(anon.headers.get("location") ?? "", /\/sign-in\?next=/);
    const staff = await app.request(`/portal/${t.slug}/tickets`, {
      headers: { Cookie: `session=${t.owner.token}` },
    });
    assert.equal(staff.status, 303, "the staff cookie does not sign a customer in");
  },
);

itest("portal tickets: open a request with attachments through the tickets service", async () => {
  const { t, agent, ayse, company } = await world();
  const portal = await portalOf(t, ayse.id);
  const form = await text(await portal.get("/tickets/new"), 200);
  assert.ok(form.includes(`hx-trigger="input changed delay:300ms"`));
  assert.ok(!form.includes(`name="priority"`), "no priority unless the tenant allows it");
  assertNoCodes(form);

  const bytes = new TextEncoder().encode("log line 1\nlog line 2\n");
  const up = await text(
    await portal.upload([
      new File([bytes], "printer.log", { type: "text/plain" }),
      new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" }),
    ]),
    200,
  );
  const ids = [...up.matchAll(/name="attachmentIds" value="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(ids.length, 2);
  assert.ok(up.includes("printer.log") && up.includes("invoice.pdf"));
  // A further upload keeps the earlier ones (named in the URL).
  const again = await text(
    await portal.upload([new File(["x"], "extra.txt", { type: "text/plain" })], ids),
    200,
  );
  const all = [...again.matchAll(/name="attachmentIds" value="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(all.length, 3);
  // Removing one from the form leaves the others.
  const dropped = await text(
    await portal.post("/uploads/drop", { attachmentIds: all, drop: all[2] }),
    200,
  );
  assert.ok(!dropped.includes("extra.txt") && dropped.includes("printer.log"));

  const created = await portal.post("/tickets/new", {
    subject: "Printer prints blank pages",
    description: "Every page is blank.\nSince the update.",
    priority: "kritik", // not allowed by the tenant: the default applies
    attachmentIds: ids,
  });
  const location = redirectedTo(created);
  const id = location.match(/\/tickets\/([0-9a-f-]{36})\?done=created$/)?.[1];
  assert.ok(id, location);

  const opened = await getTicket(agent, id);
  assert.equal(opened.customerId, ayse.id);
  assert.equal(opened.companyId, company.id, "the company comes from the customer");
  assert.equal(opened.createdBy, null, "a customer is not a user");
  assert.equal(opened.priority, "normal");
  assert.equal(opened.status, "acik");
  assert.match(opened.number, /^T-\d{4}-00001$/);
  assert.equal(opened.description, "Every page is blank.\nSince the update.");
  const files = await json(await agent.call("GET", `${API}/support-ticket/${id}/attachments`), 200);
  const names = (files.items ?? files).map((f: { name: string }) => f.name).sort();
  assert.deepEqual(names, ["invoice.pdf", "printer.log"]);
  // The "opened" e-mail went to the customer's outbox.
  const mails = await asOwner((sql) =>
    sql`select subject from mail_outbox where tenant_id = ${t.id} and to_address = ${ayse.email}`
  );
  assert.ok(mails.length >= 1, "the opened e-mail is queued");

  const page = await text(await portal.get(`/tickets/${id}?done=created`), 200);
  assert.ok(page.includes("Your request was sent."));
  assert.ok(page.includes("Printer prints blank pages") && page.includes(opened.number));
  assert.ok(page.includes("printer.log"));
  assertNoCodes(page.replace(/href="[^"]*"/g, ""));
  const fileId = page.match(/\/files\/([0-9a-f-]{36})"[^>]*>printer\.log</)?.[1];
  assert.ok(fileId, "a download link for the file");
  const download = await portal.get(`/tickets/${id}/files/${fileId}`);
  assert.equal(download.status, 200);
  assert.deepEqual(new Uint8Array(await download.arrayBuffer()), bytes);

  // A file already used is no longer a waiting file: a second form cannot take it.
  const reused = await portal.post("/tickets/new", { subject: "Reuse", attachmentIds: [ids[0]] });
  const reusedPage = await text(reused, 422);
  assert.ok(reusedPage.includes("An attached file is no longer there."));
  const list = await json(
    await agent.call("GET", `${API}/support-ticket?customerId=${ayse.id}`),
    200,
  );
  assert.equal(list.items.length, 1, "the refused form opened nothing");
});

itest("portal tickets: validation errors are clear 4xx and write nothing", async () => {
  const { t, agent, ayse } = await world();
  await portalSettings(t.id, { allowPriority: true });
  const portal = await portalOf(t, ayse.id);
  const form = await text(await portal.get("/tickets/new"), 200);
  assert.ok(form.includes(`name="priority"`), "the priority field when allowed");

  const empty = await text(
    await portal.post("/tickets/new", { subject: "  ", description: "x" }),
    422,
  );
  assert.ok(empty.includes("Enter a subject."));
  assert.ok(empty.includes(">x</textarea>"), "the typed text stays");
  const long = await text(await portal.post("/tickets/new", { subject: "a".repeat(301) }), 422);
  assert.ok(long.includes("at most 300 characters"));
  const none = await json(
    await agent.call("GET", `${API}/support-ticket?customerId=${ayse.id}`),
    200,
  );
  assert.equal(none.items.length, 0);

  const badPriority = await text(
    await portal.post("/tickets/new", { subject: "Odd", priority: "whenever" }),
    422,
  );
  assert.ok(badPriority.includes("Choose a priority from the list."));
  // With the tenant's leave the customer picks the priority.
  const ok = redirectedTo(
    await portal.post("/tickets/new", { subject: "Urgent", priority: "yuksek" }),
  );
  const id = ok.match(/tickets\/([0-9a-f-]{36})/)![1];
  assert.equal((await getTicket(agent, id)).priority, "yuksek");

  // A file over the tenant's limit: 413 and a message saying the limit.
  await asOwner((sql) =>
    sql`insert into doc_settings (tenant_id, max_file_bytes) values (${t.id}, 1024)
        on conflict (tenant_id) do update set max_file_bytes = 1024`
  );
  const big = await text(
    await portal.upload([
      new File([new Uint8Array(4096)], "big.bin", { type: "application/octet-stream" }),
    ]),
    413,
  );
  assert.ok(
    big.includes("A file may be at most 1 KB") || big.includes("A file may be at most"),
    big,
  );
  assert.ok(!big.includes(`name="attachmentIds"`));
  const drafts = await asOwner((sql) =>
    sql`select count(*)::int as n from doc_files where tenant_id = ${t.id}
        and owner_type = 'portal-draft'`
  );
  assert.equal(drafts[0].n, 0, "nothing stored");
});

itest(
  "portal tickets: the conversation is public only; assignee names follow the setting",
  async () => {
    const { t, agent, ayse } = await world();
    const tk = await ticket(agent, ayse.id, { subject: "Mail sync", assigneeId: agent.id });
    await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: "We are looking into it.",
        visibility: "public",
      }),
      201,
    );
    await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: "SECRET-INTERNAL-NOTE customer is difficult",
        visibility: "internal",
      }),
      201,
    );
    const portal = await portalOf(t, ayse.id);
    const page = await text(await portal.get(`/tickets/${tk.id}`), 200);
    assert.ok(page.includes("We are looking into it."));
    assert.ok(!page.includes("SECRET-INTERNAL-NOTE"), "internal notes never reach the portal");
    assert.ok(page.includes("Member agent"), "the agent's name when the tenant shows it");
    for (const hidden of ["SLA", "firstResponseDue", "resolution"]) {
      assert.ok(!page.includes(hidden), `${hidden} on the page`);
    }
    assertNoCodes(page.replace(/href="[^"]*"|action="[^"]*"|hx-[a-z]+="[^"]*"/g, ""));

    await portalSettings(t.id, { showAssigneeNames: false });
    const hidden = await text(await portal.get(`/tickets/${tk.id}`), 200);
    assert.ok(!hidden.includes("Member agent"), "no agent name when the tenant hides it");
    assert.ok(hidden.includes("Support team"));
    assert.ok(hidden.includes("We are looking into it."));
  },
);

itest("portal tickets: reply, close, reopen within the window and not after it", async () => {
  const { t, agent, ayse } = await world();
  const tk = await ticket(agent, ayse.id, { subject: "Laptop fan" });
  const portal = await portalOf(t, ayse.id);

  const up = await text(
    await portal.upload([new File(["photo"], "fan.jpg", { type: "image/jpeg" })]),
    200,
  );
  const fileId = up.match(/name="attachmentIds" value="([^"]+)"/)![1];
  redirectedTo(
    await portal.post(`/tickets/${tk.id}/reply`, {
      body: "It is loud again.",
      attachmentIds: [fileId],
    }),
  );
  const after = await comments(agent, tk.id);
  const mine = after.find((c) => c.body === "It is loud again.");
  assert.ok(mine);
  assert.equal(mine.channel, "portal");
  assert.equal(mine.authorId, null);
  assert.equal(mine.visibility, "public");
  const page = await text(await portal.get(`/tickets/${tk.id}`), 200);
  assert.ok(page.includes("It is loud again.") && page.includes("fan.jpg"));

  const empty = await text(await portal.post(`/tickets/${tk.id}/reply`, { body: " " }), 422);
  assert.ok(empty.includes("Write your message."));
  assert.equal((await comments(agent, tk.id)).length, after.length);

  // A reply on a solved ticket opens it again (as an e-mail reply does).
  await json(await agent.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "cozuldu" }), 200);
  redirectedTo(await portal.post(`/tickets/${tk.id}/reply`, { body: "Still loud." }));
  assert.equal((await getTicket(agent, tk.id)).status, "acik");

  // Close from any state: an open ticket is solved, then closed.
  redirectedTo(await portal.post(`/tickets/${tk.id}/close`));
  const closed = await getTicket(agent, tk.id);
  assert.equal(closed.status, "kapandi");
  assert.ok(closed.resolvedAt && closed.closedAt);
  const closedPage = await text(await portal.get(`/tickets/${tk.id}?done=closed`), 200);
  assert.ok(closedPage.includes("The request is closed."));
  assert.ok(closedPage.includes("You can reopen it until"));
  assert.ok(!closedPage.includes(`/reply"`), "no reply form on a closed ticket");
  const refused = await text(await portal.post(`/tickets/${tk.id}/reply`, { body: "Hello?" }), 422);
  assert.ok(refused.includes("reopen it to write"));

  redirectedTo(await portal.post(`/tickets/${tk.id}/reopen`));
  assert.equal((await getTicket(agent, tk.id)).status, "acik");

  // Outside the window: refused with a clear message, nothing changes.
  redirectedTo(await portal.post(`/tickets/${tk.id}/close`));
  await asOwner((sql) =>
    sql`update support_tickets set closed_at = now() - interval '8 days',
          resolved_at = now() - interval '8 days' where id = ${tk.id}`
  );
  const late = await text(await portal.post(`/tickets/${tk.id}/reopen`), 422);
  assert.ok(late.includes("can no longer be reopened"), late.slice(0, 500));
  assert.equal((await getTicket(agent, tk.id)).status, "kapandi");
  const latePage = await text(await portal.get(`/tickets/${tk.id}`), 200);
  assert.ok(!latePage.includes(`/reopen"`), "no reopen button after the window");
});

itest(
  "portal tickets: another customer's, another tenant's and malformed ids are 404, unchanged",
  async () => {
    const { t, agent, ayse, burak } = await world();
    const theirs = await ticket(agent, burak.id, { subject: "Burak's private ticket" });
    await json(
      await agent.call("POST", `${API}/support-ticket/${theirs.id}/comments`, {
        body: "public answer",
        visibility: "public",
      }),
      201,
    );
    const mine = await ticket(agent, ayse.id, { subject: "Ayşe's own" });
    const elsewhere = await world();
    const foreign = await ticket(elsewhere.agent, elsewhere.ayse.id, { subject: "Foreign" });
    const portal = await portalOf(t, ayse.id);

    for (const id of [theirs.id, foreign.id]) {
      const page = await text(await portal.get(`/tickets/${id}`), 404);
      assert.ok(!page.includes("Burak's private ticket") && !page.includes("Foreign"));
      await text(await portal.post(`/tickets/${id}/reply`, { body: "sneaky" }), 404);
      await text(await portal.post(`/tickets/${id}/close`), 404);
      await text(await portal.post(`/tickets/${id}/reopen`), 404);
      await text(await portal.post(`/tickets/${id}/rate`, { rating: "bad" }), 404);
    }
    const burakTicket = await getTicket(agent, theirs.id);
    assert.equal(burakTicket.status, "acik");
    assert.equal((await comments(agent, theirs.id)).length, 1, "no comment added");
    assert.equal((await getTicket(elsewhere.agent, foreign.id)).status, "acik");
    assert.equal((await comments(elsewhere.agent, foreign.id)).length, 0);

    for (const bad of ["not-a-uuid", "123", "00000000-0000-0000-0000-000000000000"]) {
      await text(await portal.get(`/tickets/${bad}`), 404);
      await text(await portal.post(`/tickets/${bad}/close`), 404);
    }

    // Files: only those of visible tickets and public comments.
    const agentFile = new FormData();
    agentFile.append(
      "file",
      new File(["secret"], "internal.txt", { type: "text/plain" }),
      "internal.txt",
    );
    const { app } = await testApp();
    const stored = await json(
      await app.request(`${API}/support-ticket/${theirs.id}/attachments`, {
        method: "POST",
        headers: { Authorization: `Bearer ${agent.token}` },
        body: agentFile,
      }),
      201,
    );
    const theirFile = (stored.items ?? stored)[0].id;
    await text(await portal.get(`/tickets/${theirs.id}/files/${theirFile}`), 404);
    await text(await portal.get(`/tickets/${mine.id}/files/${theirFile}`), 404);
    // A file on an internal note of the customer's own ticket is not theirs to download.
    const noteFile = new FormData();
    noteFile.append("file", new File(["note"], "note.txt", { type: "text/plain" }), "note.txt");
    const up = await json(
      await app.request(`${API}/support-ticket/${mine.id}/attachments`, {
        method: "POST",
        headers: { Authorization: `Bearer ${agent.token}` },
        body: noteFile,
      }),
      201,
    );
    const noteFileId = (up.items ?? up)[0].id;
    await json(
      await agent.call("POST", `${API}/support-ticket/${mine.id}/comments`, {
        body: "internal with file",
        visibility: "internal",
        attachmentIds: [noteFileId],
      }),
      201,
    );
    await text(await portal.get(`/tickets/${mine.id}/files/${noteFileId}`), 404);
    const minePage = await text(await portal.get(`/tickets/${mine.id}`), 200);
    assert.ok(!minePage.includes("note.txt") && !minePage.includes("internal with file"));

    // Another customer's waiting files cannot be taken by this one's form.
    const burakPortal = await portalOf(t, burak.id);
    const bup = await text(
      await burakPortal.upload([new File(["b"], "b.txt", { type: "text/plain" })]),
      200,
    );
    const burakDraft = bup.match(/name="attachmentIds" value="([^"]+)"/)![1];
    await text(
      await portal.post("/tickets/new", { subject: "Steal", attachmentIds: [burakDraft] }),
      422,
    );

    // The customer's session is for their own workspace only.
    const wrongPortal = await portalOf(t, ayse.id, elsewhere.t.slug);
    const wrong = await wrongPortal.get(`/tickets/${foreign.id}`);
    assert.equal(wrong.status, 303, "another workspace asks to sign in");
  },
);

itest("portal tickets: a solved ticket is rated once, and the rating shows", async () => {
  const { t, agent, ayse } = await world();
  const tk = await ticket(agent, ayse.id, { subject: "Rate me" });
  const portal = await portalOf(t, ayse.id);
  const open = await text(await portal.get(`/tickets/${tk.id}`), 200);
  assert.ok(!open.includes("How did we do?"), "no rating before it is solved");
  await json(await agent.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "cozuldu" }), 200);
  const solved = await text(await portal.get(`/tickets/${tk.id}`), 200);
  assert.ok(solved.includes("How did we do?"));

  const missing = await text(await portal.post(`/tickets/${tk.id}/rate`, { comment: "x" }), 422);
  assert.ok(missing.includes("Choose good or bad."));
  redirectedTo(
    await portal.post(`/tickets/${tk.id}/rate`, { rating: "good", comment: "Quick fix!" }),
  );
  const rated = await text(await portal.get(`/tickets/${tk.id}?done=rated`), 200);
  assert.ok(rated.includes("Your rating") && rated.includes("Quick fix!"));
  assert.ok(!rated.includes("How did we do?"));
  // Twice: refused (409), the first rating stays.
  const twice = await portal.post(`/tickets/${tk.id}/rate`, { rating: "bad", comment: "changed" });
  assert.equal(twice.status, 409);
  await twice.body?.cancel();
  const still = await text(await portal.get(`/tickets/${tk.id}`), 200);
  assert.ok(still.includes("Quick fix!") && !still.includes("changed"));
});

itest(
  "portal tickets: articles suggested for the subject; 'solved' counts and opens nothing",
  async () => {
    const { t, agent, ayse } = await world();
    const make = async (title: string, visibility: string, publish: boolean) => {
      const a = await json(
        await t.owner.call("POST", `${API}/kb/articles`, {
          visibility,
          en: { title, description: "", body: "Check the toner cartridge first." },
          tr: { title: `${title} (tr)`, description: "", body: "Önce toner kartuşuna bakın." },
        }),
        201,
      );
      if (publish) {
        await json(await t.owner.call("POST", `${API}/kb/articles/${a.id}/publish`), 200);
      }
      return a;
    };
    const visible = await make("Printer prints blank pages", "public", true);
    await make("Printer internal runbook", "internal", true);
    await make("Printer draft notes", "public", false);
    const portal = await portalOf(t, ayse.id);

    const none = await text(await portal.get("/tickets/suggestions?subject=pr"), 200);
    assert.ok(!none.includes("<li"), "too short a subject suggests nothing");
    const hits = await text(await portal.get("/tickets/suggestions?subject=printer%20blank"), 200);
    assert.ok(hits.includes("Printer prints blank pages"));
    assert.ok(!hits.includes("internal runbook"), "internal articles are not suggested");
    assert.ok(!hits.includes("draft notes"), "drafts are not suggested");
    assert.ok(hits.includes("This solved my problem"));
    assert.ok(!/<script/i.test(hits));

    const { app } = await testApp();
    const cookie = `portal_session=${await portalToken(t.id, ayse.id)}; lang=en`;
    const thanks = await app.request(`/portal/${t.slug}/tickets/deflect`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: ORIGIN,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ articleId: visible.id }).toString(),
    });
    assert.ok((await text(thanks, 200)).includes("Glad it helped. No request was opened."));
    const tickets = await json(
      await agent.call("GET", `${API}/support-ticket?customerId=${ayse.id}`),
      200,
    );
    assert.equal(tickets.items.length, 0, "no ticket was created");
    await text(await portal.post("/tickets/deflect", { articleId: crypto.randomUUID() }), 404);
    await text(await portal.post("/tickets/deflect", { articleId: "nope" }), 404);
  },
);

itest("portal tickets: a change from another site is refused and changes nothing", async () => {
  const { t, agent, ayse } = await world();
  const tk = await ticket(agent, ayse.id, { subject: "CSRF target" });
  const { app } = await testApp();
  const cookie = `portal_session=${await portalToken(t.id, ayse.id)}`;
  for (const path of [`/tickets/${tk.id}/close`, `/tickets/${tk.id}/reply`, "/tickets/new"]) {
    const res = await app.request(`/portal/${t.slug}${path}`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "body=hi&subject=hi",
    });
    assert.equal(res.status, 403, path);
    await res.body?.cancel();
  }
  const upload = new FormData();
  upload.append("file", new File(["x"], "x.txt", { type: "text/plain" }), "x.txt");
  const up = await app.request(`/portal/${t.slug}/uploads`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: "https://evil.example" },
    body: upload,
  });
  assert.equal(up.status, 403);
  await up.body?.cancel();
  assert.equal((await getTicket(agent, tk.id)).status, "acik");
  assert.equal((await comments(agent, tk.id)).length, 0);
});

itest(
  "portal files: the tenant's quota holds across customers; waiting files are capped",
  async () => {
    const { t, agent, ayse, burak, other } = await world();
    const { platform, app } = await testApp();
    await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => saveSettings({ sql: tx }, { quotaBytes: 1000, maxFileBytes: 100_000 }),
    );
    const tk = await ticket(agent, ayse.id);
    const staff = new FormData();
    staff.append("file", new File(["x".repeat(900)], "staff.txt", { type: "text/plain" }));
    const up = await app.request(`${API}/support-ticket/${tk.id}/attachments`, {
      method: "POST",
      body: staff,
      headers: { Authorization: `Bearer ${agent.token}` },
    });
    assert.equal(up.status, 201, await up.text());
    // Files the customer cannot see still count: 900 + 900 is over 1,000 for everyone.
    for (const who of [burak, other]) {
      const p = await portalOf(t, who.id);
      const res = await p.upload([new File(["y".repeat(900)], "mine.txt")]);
      assert.equal(res.status, 422);
      await res.body?.cancel();
    }
    const used = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select coalesce(sum(size), 0)::int as n from doc_files`,
    );
    assert.equal(used[0].n, 900);

    // A customer's files that wait for a form are capped, so drafts cannot fill the quota.
    await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => saveSettings({ sql: tx }, { quotaBytes: 10_000_000, maxFileBytes: 100_000 }),
    );
    const p = await portalOf(t, other.id);
    for (let i = 0; i < 20; i++) {
      const res = await p.upload([new File([`f${i}`], `f${i}.txt`)]);
      assert.equal(res.status, 200, await res.text());
    }
    const refused = await p.upload([new File(["one more"], "f20.txt")]);
    assert.equal(refused.status, 422);
    assert.match(await refused.text(), /without sending them/);
  },
);

itest("portal files: an agent's upload waiting for its comment is never shown", async () => {
  const { t, agent, ayse } = await world();
  const tk = await ticket(agent, ayse.id);
  const { app } = await testApp();
  const body = new FormData();
  body.append("file", new File(["INTERNAL SECRET"], "for-the-note.txt", { type: "text/plain" }));
  const up = await json(
    await app.request(`${API}/support-ticket/${tk.id}/attachments`, {
      method: "POST",
      body,
      headers: { Authorization: `Bearer ${agent.token}` },
    }),
    201,
  );
  const fileId = up.items[0].id;
  const p = await portalOf(t, ayse.id);
  const page = await text(await p.get(`/tickets/${tk.id}`), 200);
  assert.ok(!page.includes("for-the-note.txt"), "the agent's pending file is listed");
  const dl = await p.get(`/tickets/${tk.id}/files/${fileId}`);
  assert.equal(dl.status, 404);
  await dl.body?.cancel();
  // Sent with a public reply, it is the customer's to see.
  await json(
    await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "Here is the file.",
      visibility: "public",
      attachmentIds: [fileId],
    }),
    201,
  );
  const after = await p.get(`/tickets/${tk.id}/files/${fileId}`);
  assert.equal(after.status, 200);
  assert.equal(await after.text(), "INTERNAL SECRET");
});

itest("portal: a malformed workspace address is a 404 page, not an error", async () => {
  const { app } = await testApp();
  for (
    const path of ["/portal/%E0%A4%A", "/help/%E0%A4%A", "/portal/%zz/sign-in", "/help/%/search"]
  ) {
    const res = await app.request(path);
    assert.equal(res.status, 404, path);
    await res.body?.cancel();
  }
});
