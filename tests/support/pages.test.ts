import assert from "node:assert/strict";
import { browse as browsePage, type Caller, itest, newTenant } from "../helpers.ts";
import { ALWAYS, API, customer, json, targets, ticket } from "./fixtures.ts";

/** A browser-like request as `who` (see tests/helpers.ts browse). */
const browse = (
  path: string,
  who: Caller,
  opts: { form?: Record<string, string | string[]>; htmx?: boolean } = {},
) => browsePage(path, { who, ...opts });

const PAGES = [
  "/support",
  "/support/tickets",
  "/support/customers",
  "/support/contacts",
  "/support/companies",
  "/support/contracts",
  "/support/email-templates",
  "/support/numbering",
  "/support/sla-policies",
  "/support/reports",
  "/support/organizations",
  "/support/notification-rules",
  "/support/settings",
];

/** Whether the control at `at` sits inside a <label> element (the kit's Field wraps it). */
function insideLabel(body: string, at: number) {
  return body.lastIndexOf("<label", at) > body.lastIndexOf("</label>", at);
}

itest(
  "support pages: every menu page renders in the shell with labels and no inline script",
  async () => {
    const t = await newTenant();
    for (const path of PAGES) {
      const res = await browse(path, t.owner);
      const body = await res.text();
      assert.equal(res.status, 200, `${path}: ${body.slice(0, 300)}`);
      assert.match(body, /<nav/, path);
      assert.doesNotMatch(
        body,
        /<script>(?!<\/script>)|style="/,
        `${path} has inline script or style`,
      );
      assert.doesNotMatch(body, /not built yet/i, path);
      // Every input/select/textarea with an id has a label: one for it, or one around it.
      for (const m of body.matchAll(/<(?:input|select|textarea)[^>]*\bid="([^"]+)"/g)) {
        const id = m[1];
        assert.ok(
          body.includes(`for="${id}"`) || insideLabel(body, m.index!),
          `${path}: #${id} unlabeled`,
        );
      }
    }
    // Roles and translations are one page each for the workspace, under administration.
    for (const [from, to] of [["roles", "/admin/roles"], ["translations", "/admin/translations"]]) {
      const moved = await browse(`/support/${from}`, t.owner);
      assert.equal(moved.status, 302, from);
      assert.equal(moved.headers.get("location"), to);
    }
    const tr = await (await browse("/support/tickets?lang=tr", t.owner)).text();
    assert.ok(tr.includes("Henüz talep yok") || tr.includes("No tickets yet"));
  },
);

itest(
  "support pages: create a customer and a ticket, comment, resolve and close through forms",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const created = await browse("/support/customers", t.owner, {
      form: { name: "Form Müşteri", kind: "firm" },
      htmx: true,
    });
    const panel = await created.text();
    assert.equal(created.status, 200);
    assert.match(panel, /^<!doctype html><div id="customers-panel">/, "htmx gets the panel only");
    assert.match(panel, /Form Müşteri/);
    const bad = await browse("/support/customers", t.owner, { form: { kind: "firm" }, htmx: true });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /class="alert error"/);
    const [c] = (await json(await t.owner.call("GET", `${API}/customers?q=Form`), 200)).items;
    const opened = await browse("/support/tickets", agent, {
      form: { subject: "Form ticket", customerId: c.id },
    });
    assert.equal(opened.status, 303);
    const detailPath = opened.headers.get("location")!;
    assert.match(detailPath, /^\/support\/tickets\/[0-9a-f-]{36}$/);
    const hx = await browse("/support/tickets", agent, {
      form: { subject: "Second", customerId: c.id },
      htmx: true,
    });
    assert.equal(hx.status, 204);
    assert.match(hx.headers.get("HX-Redirect")!, /^\/support\/tickets\//);
    await browse(`${detailPath}/assign`, agent, { form: { assigneeId: agent.id }, htmx: true });
    const commented = await browse(`${detailPath}/comments`, agent, {
      form: { body: "Looking", visibility: "public", format: "text" },
      htmx: true,
    });
    assert.match(await commented.text(), /Looking/);
    await browse(`${detailPath}/status`, agent, {
      form: { status: "cozuldu", from: "acik" },
      htmx: true,
    });
    const closed = await browse(`${detailPath}/status`, agent, {
      form: { status: "kapandi", from: "cozuldu" },
      htmx: true,
    });
    const html = await closed.text();
    assert.match(html, /<span class="badge badge-gray">Closed<\/span>/, "closed, as a label");
    assert.doesNotMatch(html, /action="[^"]*\/comments"/, "a closed ticket takes no comments");
    const refused = await browse(`${detailPath}/status`, agent, {
      form: { status: "islemde", from: "kapandi" },
      htmx: true,
    });
    assert.equal(refused.status, 422);
    const full = await (await browse(detailPath, agent)).text();
    assert.match(full, /Form ticket/);
    assert.match(full, /ticket-history/);
    const dash = await (await browse("/support", agent)).text();
    assert.match(dash, /data-testid="open-count">1</, "the second ticket is still open");
  },
);

itest("support pages: filters survive reload, paging links carry the query", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  for (let i = 0; i < 27; i++) {
    await ticket(t.owner, c.id, { subject: `Bulk ${i}`, priority: "yuksek" });
  }
  await ticket(t.owner, c.id, { subject: "Other", priority: "dusuk" });
  const page = await (await browse("/support/tickets?priority=yuksek", t.owner)).text();
  const rows = (html: string) =>
    (html.match(/href="\/support\/tickets\/[0-9a-f-]{36}"/g) ?? []).length;
  assert.equal(rows(page), 25);
  assert.match(page, /<option value="yuksek" selected/);
  const next = page.match(/href="(\/support\/tickets\?[^"]*cursor=[^"]+)"/)![1].replaceAll(
    "&amp;",
    "&",
  );
  assert.match(next, /priority=yuksek/);
  const second = await (await browse(next, t.owner, { htmx: true })).text();
  assert.equal(rows(second), 2);
  assert.doesNotMatch(second, /Other/);
  const empty = await (await browse("/support/tickets?status=kapandi", t.owner)).text();
  assert.match(empty, /Nothing matches these filters/);
  const today = new Date().toISOString().slice(0, 10);
  const ranged = await (await browse(
    `/support/tickets?createdFrom=${today}&createdTo=${today}&priority=dusuk`,
    t.owner,
  )).text();
  assert.equal(rows(ranged), 1);
  assert.match(
    ranged,
    new RegExp(`id="tf-from"[^>]*value="${today}"|value="${today}"[^>]*id="tf-from"`),
  );
  const old = await (await browse("/support/tickets?createdTo=2000-01-01", t.owner)).text();
  assert.match(old, /Nothing matches these filters/);
  const bad = await browse("/support/tickets?status=bogus", t.owner);
  assert.equal(bad.status, 400);
});

itest("support pages: previews, SLA calendar editor, reports CSV, permissions", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const preview = await browse("/support/email-templates/preview", t.owner, {
    form: { subject: "{{ticket.number}}", body: "Hi {{customer.name}} <b>" },
    htmx: true,
  });
  const p = await preview.text();
  assert.match(p, /SUP-2026-00042/);
  assert.match(p, /Hi Mehmet Customer &lt;b>/);
  const num = await (await browse(
    "/support/numbering/preview?pattern=HD-%7BYY%7D-%7BSEQ:3%7D&reset=never",
    t.owner,
  )).text();
  assert.match(num, new RegExp(`HD-${String(new Date().getUTCFullYear()).slice(2)}-001`));
  const form: Record<string, string> = {
    name: "Office",
    timeZone: "Europe/Istanbul",
    hours1: "09:00-12:00, 13:00-18:00",
    holidays: "2026-01-01",
    warningPercent: "75",
  };
  for (const pr of ["dusuk", "normal", "yuksek", "kritik"]) {
    Object.assign(form, { [`fr_${pr}`]: "60", [`res_${pr}`]: "480" });
  }
  const sla = await browse("/support/sla-policies", t.owner, { form, htmx: true });
  assert.equal(sla.status, 200, await sla.clone().text());
  const [policy] = (await json(await t.owner.call("GET", `${API}/sla-policy`), 200)).items;
  assert.deepEqual(policy.calendar.weekly["1"], [["09:00", "12:00"], ["13:00", "18:00"]]);
  assert.deepEqual(policy.calendar.holidays, ["2026-01-01"]);
  assert.equal(policy.warningPercent, 75);
  const csv = await browse("/support/reports?type=status&format=csv", t.owner);
  assert.match(csv.headers.get("content-type")!, /text\/csv/);
  assert.equal((await browse("/support/sla-policies", viewer, { form, htmx: true })).status, 403);
  const ro = await (await browse("/support/customers", viewer)).text();
  assert.doesNotMatch(ro, /action="\/support\/customers" hx-post/);
  await json(
    await t.owner.call("POST", `${API}/sla-policy`, {
      name: "B",
      targets: targets(1, 2),
      calendar: ALWAYS,
    }),
    201,
  );
});

itest(
  "support pages: another tenant's ticket or customer is a 404 and stays unchanged",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const c = await customer(t.owner);
    const tk = await ticket(t.owner, c.id);
    for (const path of [`/support/tickets/${tk.id}`, `/support/customers/${c.id}`]) {
      assert.equal((await browse(path, other.owner)).status, 404, path);
    }
    const posts: [string, Record<string, string>][] = [
      [`/support/tickets/${tk.id}/status`, { status: "islemde" }],
      [`/support/tickets/${tk.id}/comments`, { body: "hi" }],
      [`/support/tickets/${tk.id}`, { subject: "taken" }],
      [`/support/customers/${c.id}`, { name: "taken" }],
      [`/support/customers/${c.id}/delete`, {}],
    ];
    for (const [path, form] of posts) {
      const res = await browse(path, other.owner, { form, htmx: true });
      assert.equal(res.status, 404, path);
    }
    const after = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.equal(after.status, "acik");
    assert.equal(after.subject, tk.subject);
    assert.equal(after.comments.length, 0);
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/customers/${c.id}`), 200)).name,
      c.name,
    );
  },
);

itest(
  "support pages: assignee choices are agents only, a former agent's name still shows",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const viewer = await t.member(["viewer"]);
    const c = await customer(t.owner);
    const tk = await ticket(t.owner, c.id, { assigneeId: agent.id });
    const list = await (await browse("/support/tickets", t.owner)).text();
    assert.ok(list.includes(agent.email));
    assert.ok(!list.includes(viewer.email), "a viewer cannot be assigned");
    // The agent becomes a viewer: no longer offered, but the ticket still names them.
    const roles = await t.owner.call("PATCH", `/api/admin/users/${agent.id}`, {
      roles: ["viewer"],
    });
    assert.equal(roles.status, 200, await roles.clone().text());
    const listed = await (await browse("/support/tickets", t.owner)).text();
    const start = listed.indexOf('id="new-ticket"');
    const dialog = listed.slice(start, listed.indexOf("</dialog>", start));
    assert.ok(dialog.length > 0 && !dialog.includes(agent.email), "not offered for new tickets");
    const detail = await (await browse(`/support/tickets/${tk.id}`, t.owner)).text();
    const assignee = detail.slice(detail.indexOf('data-testid="assignee"'));
    assert.match(assignee.slice(0, assignee.indexOf("</dd>")), /Member agent/, "named");
    const fresh = await ticket(t.owner, c.id);
    const other = await (await browse(`/support/tickets/${fresh.id}`, t.owner)).text();
    assert.ok(!other.includes(agent.email));
  },
);

itest(
  "support pages: a plain form post that works redirects (reload never resubmits)",
  async () => {
    const t = await newTenant();
    const made = await browse("/support/customers", t.owner, { form: { name: "Plain" } });
    assert.equal(made.status, 303);
    assert.equal(made.headers.get("location"), "/support/customers");
    const team = await browse("/support/organizations/teams", t.owner, { form: { name: "Ops" } });
    assert.equal(team.headers.get("location"), "/support/organizations", "the page holding it");
    const bad = await browse("/support/customers", t.owner, { form: { name: "" } });
    assert.equal(bad.status, 400, "errors render in place");
    const c = await customer(t.owner);
    const tk = await ticket(t.owner, c.id);
    const moved = await browse(`/support/tickets/${tk.id}/status`, t.owner, {
      form: { status: "islemde", from: "acik" },
    });
    assert.equal(moved.status, 303);
    assert.equal(moved.headers.get("location"), `/support/tickets/${tk.id}`);
    const after = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.equal(after.status, "islemde");
  },
);
