import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, MISSING, newProject, newTask } from "./fixtures.ts";

itest("views: create, list, get, update, delete; personal vs shared visibility", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const other = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, member.id, "member");
  await addMember(t.owner, p.id, other.id, "member");

  const mine = await json(
    await member.call("POST", `/api/projects/projects/${p.id}/views`, {
      name: "My urgent",
      layout: "list",
      query: { priority: "kritik", assigneeId: "me", q: "" },
      groupBy: "status",
      sort: "due",
      columns: ["priority", "dueDate", "labels"],
    }),
    201,
  );
  assert.equal(mine.shared, false);
  assert.equal(mine.canEdit, true);
  assert.deepEqual(mine.query, { priority: "kritik", assigneeId: "me" });
  assert.deepEqual(mine.columns, ["priority", "dueDate", "labels"]);
  assert.equal(mine.ownerName, "Member member");

  const shared = await json(
    await member.call("POST", `/api/projects/projects/${p.id}/views`, {
      name: "Team board",
      layout: "board",
      shared: true,
      query: { label: "api" },
    }),
    201,
  );
  assert.deepEqual(shared.columns, ["status", "priority", "assignee", "dueDate"]);

  // The other member sees the shared view only; the personal one does not exist for them.
  const seen = await json(await other.call("GET", `/api/projects/projects/${p.id}/views`), 200);
  assert.deepEqual(seen.items.map((v: { name: string }) => v.name), ["Team board"]);
  assert.equal(seen.items[0].canEdit, false);
  await problem(await other.call("GET", `/api/projects/views/${mine.id}`), 404);
  await problem(await other.call("PATCH", `/api/projects/views/${mine.id}`, { name: "x" }), 404);
  await problem(await other.call("DELETE", `/api/projects/views/${mine.id}`), 404);
  // A shared view is changed by its owner or a manager only.
  await problem(await other.call("PATCH", `/api/projects/views/${shared.id}`, { name: "x" }), 403);
  await problem(await other.call("DELETE", `/api/projects/views/${shared.id}`), 403);
  const renamed = await json(
    await t.owner.call("PATCH", `/api/projects/views/${shared.id}`, { name: "Team API" }),
    200,
  );
  assert.equal(renamed.name, "Team API");
  assert.equal(renamed.canEdit, true);
  // Only its owner makes a shared view personal again.
  await problem(
    await t.owner.call("PATCH", `/api/projects/views/${shared.id}`, { shared: false }),
    403,
  );

  const own = await json(await member.call("GET", `/api/projects/projects/${p.id}/views`), 200);
  assert.deepEqual(own.items.map((v: { name: string }) => v.name), ["My urgent", "Team API"]);
  const updated = await json(
    await member.call("PATCH", `/api/projects/views/${mine.id}`, {
      query: { priority: "yuksek" },
      layout: "calendar",
    }),
    200,
  );
  assert.deepEqual(updated.query, { priority: "yuksek" });
  assert.equal(updated.layout, "calendar");
  assert.equal(updated.groupBy, "status");

  assert.equal((await member.call("DELETE", `/api/projects/views/${mine.id}`)).status, 204);
  await problem(await member.call("GET", `/api/projects/views/${mine.id}`), 404);
  assert.equal((await t.owner.call("DELETE", `/api/projects/views/${shared.id}`)).status, 204);
  const none = await json(await member.call("GET", `/api/projects/projects/${p.id}/views`), 200);
  assert.deepEqual(none.items, []);
});

itest("views: validation names the filter, viewers, non-members and other tenants", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const viewer = await a.member(["member"]);
  const outsider = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, viewer.id, "viewer");
  const url = `/api/projects/projects/${p.id}/views`;

  // Bad filters: 422 naming each parameter, nothing written.
  const bad = await problem(
    await a.owner.call("POST", url, {
      name: "Bad",
      layout: "list",
      query: { priority: "urgent", dueFrom: "tomorrow", colour: "red" },
    }),
    422,
  );
  const paths = bad.errors.map((e: { path: string }) => e.path).sort();
  assert.deepEqual(paths, ["query.colour", "query.dueFrom", "query.priority"]);
  assert.match(bad.detail, /query\.priority/);
  // Body shape: 400 naming the field.
  const shape = await problem(
    await a.owner.call("POST", url, { name: "", layout: "gantt", columns: ["colour"] }),
    400,
  );
  const fields = shape.errors.map((e: { path: string }) => e.path).join(" ");
  assert.match(fields, /body\.name/);
  assert.match(fields, /body\.layout/);
  await problem(await a.owner.call("POST", url, { name: "x", layout: "list", groupBy: "x" }), 400);
  assert.deepEqual((await json(await a.owner.call("GET", url), 200)).items, []);

  // Viewers: personal views yes, shared ones no (403).
  const personal = await json(
    await viewer.call("POST", url, { name: "Mine", layout: "list", query: { assigneeId: "me" } }),
    201,
  );
  await problem(await viewer.call("POST", url, { name: "All", layout: "list", shared: true }), 403);
  await problem(
    await viewer.call("PATCH", `/api/projects/views/${personal.id}`, { shared: true }),
    403,
  );
  const saved = await json(
    await viewer.call("PATCH", `/api/projects/views/${personal.id}`, { query: { q: "x" } }),
    200,
  );
  assert.deepEqual(saved.query, { q: "x" });
  const patchBad = await problem(
    await viewer.call("PATCH", `/api/projects/views/${personal.id}`, {
      query: { statusId: "nope" },
    }),
    422,
  );
  assert.equal(patchBad.errors[0].path, "query.statusId");
  const shared = await json(
    await a.owner.call("POST", url, { name: "Shared", layout: "board", shared: true }),
    201,
  );

  // Not a member: the project and its views do not exist (404); another tenant likewise.
  await problem(await outsider.call("GET", url), 404);
  await problem(await outsider.call("POST", url, { name: "x", layout: "list" }), 404);
  await problem(await outsider.call("GET", `/api/projects/views/${shared.id}`), 404);
  await problem(await b.owner.call("GET", url), 404);
  await problem(await b.owner.call("POST", url, { name: "x", layout: "list" }), 404);
  await problem(await b.owner.call("GET", `/api/projects/views/${shared.id}`), 404);
  await problem(
    await b.owner.call("PATCH", `/api/projects/views/${shared.id}`, { name: "B" }),
    404,
  );
  await problem(await b.owner.call("DELETE", `/api/projects/views/${shared.id}`), 404);
  await problem(await a.owner.call("GET", `/api/projects/views/${MISSING}`), 404);
  await problem(await a.owner.call("GET", "/api/projects/views/123"), 400);
  const still = await json(await a.owner.call("GET", `/api/projects/views/${shared.id}`), 200);
  assert.equal(still.name, "Shared");

  // Without the permission to read tasks: 403.
  const noRead = await a.member(["viewer"]);
  await a.owner.call("POST", "/api/admin/roles", {
    key: "nothing",
    name: "Nothing",
    permissions: ["support.ticket.read"],
  });
  const bare = await a.member(["nothing"]);
  await addMember(a.owner, p.id, noRead.id, "viewer");
  assert.equal((await noRead.call("GET", url)).status, 200);
  await problem(await bare.call("GET", url), 403);
});

itest("views: opening a saved view applies its filters, grouping and columns", async () => {
  const t = await newTenant();
  const m = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, m.id, "member");
  await newTask(t.owner, p.id, { title: "Urgent API", priority: "kritik", labels: ["api"] });
  await newTask(t.owner, p.id, { title: "Calm docs", priority: "dusuk", labels: ["docs"] });
  await newTask(t.owner, p.id, { title: "Urgent UI", priority: "kritik", assigneeId: m.id });

  // Saved from the page's form: the filters travel in `state`.
  const saved = await browse(`/projects/projects/${p.id}/views`, {
    who: m,
    form: {
      name: "Urgent",
      layout: "list",
      shared: "true",
      state: "priority=kritik&groupBy=assignee&sort=due&columns=labels,estimate",
    },
  });
  assert.equal(saved.status, 303);
  const to = saved.headers.get("location")!;
  assert.match(to, /view=list/);
  assert.match(to, /priority=kritik/);
  const views = await json(await m.call("GET", `/api/projects/projects/${p.id}/views`), 200);
  assert.equal(views.items.length, 1);
  const v = views.items[0];
  assert.deepEqual(v.query, { priority: "kritik" });
  assert.equal(v.groupBy, "assignee");
  assert.deepEqual(v.columns, ["labels", "estimate"]);

  // Opening it from the menu: a redirect to the list with its filters.
  const opened = await browse(`/projects/projects/${p.id}/views/${v.id}`, { who: t.owner });
  assert.equal(opened.status, 302);
  const page = await browse(opened.headers.get("location")!, { who: t.owner });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /Urgent API/);
  assert.match(html, /Urgent UI/);
  assert.doesNotMatch(html, /Calm docs/);
  // Grouped by assignee (headers), the chosen columns only.
  assert.match(html, /class="pj-group-head"/);
  assert.match(html, /Member member/);
  assert.match(html, /data-label="Estimate"/);
  assert.doesNotMatch(html, /data-label="Priority"/);
  assert.match(html, /aria-current="true"[^>]*data-view-name="Urgent"/);

  // The board honours the same filters.
  const board = await (await browse(`/projects/projects/${p.id}?view=board&priority=dusuk`, {
    who: t.owner,
  })).text();
  assert.match(board, /Calm docs/);
  assert.doesNotMatch(board, /Urgent API/);
  // A filter the list refuses is dropped and said so, never a failure.
  const odd = await browse(`/projects/projects/${p.id}?view=list&priority=urgent`, {
    who: t.owner,
  });
  assert.equal(odd.status, 200);
  assert.match(await odd.text(), /not valid/);

  // Deleting from the menu; someone else's personal view cannot be deleted (404).
  const gone = await browse(`/projects/projects/${p.id}/views/${v.id}/delete`, {
    who: t.owner,
    form: {},
  });
  assert.equal(gone.status, 303);
  assert.deepEqual(
    (await json(await m.call("GET", `/api/projects/projects/${p.id}/views`), 200)).items,
    [],
  );
  const statuses = await flow(t.owner, p.id);
  assert.ok(statuses.items.length > 0);
});

itest(
  "views: the list groups by a select custom field; a view may keep that grouping",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner);
    const stage = await json(
      await t.owner.call("POST", `/api/projects/projects/${p.id}/fields`, {
        name: "Stage",
        type: "select",
        options: [{ label: "Lead" }, { label: "Won" }],
      }),
      201,
    );
    const note = await json(
      await t.owner.call("POST", `/api/projects/projects/${p.id}/fields`, {
        name: "Note",
        type: "text",
      }),
      201,
    );
    const [lead, won] = stage.options.map((o: { id: string }) => o.id);
    await newTask(t.owner, p.id, { title: "Acme deal", customFields: { [stage.id]: won } });
    await newTask(t.owner, p.id, { title: "Beta deal", customFields: { [stage.id]: lead } });
    await newTask(t.owner, p.id, { title: "Loose end" });

    const html = await (await browse(
      `/projects/projects/${p.id}?view=list&groupBy=field:${stage.id}`,
      { who: t.owner },
    )).text();
    const heads = [...html.matchAll(/class="pj-group-head"><span>([^<]*)</g)].map((m) => m[1]);
    assert.deepEqual(heads, ["Lead", "Won", "No value"]);
    assert.ok(html.indexOf("Beta deal") < html.indexOf("Acme deal"), "groups follow the options");
    assert.match(html, new RegExp(`<option value="field:${stage.id}" selected>Stage</option>`));

    const saved = await json(
      await t.owner.call("POST", `/api/projects/projects/${p.id}/views`, {
        name: "By stage",
        layout: "list",
        groupBy: `field:${stage.id}`,
      }),
      201,
    );
    assert.equal(saved.groupBy, `field:${stage.id}`);
    // A text field, a field of nowhere, or a malformed grouping is refused, naming groupBy.
    const text = await problem(
      await t.owner.call("POST", `/api/projects/projects/${p.id}/views`, {
        name: "By note",
        layout: "list",
        groupBy: `field:${note.id}`,
      }),
      422,
    );
    assert.equal(text.errors[0].path, "groupBy");
    await problem(
      await t.owner.call("PATCH", `/api/projects/views/${saved.id}`, {
        groupBy: `field:${MISSING}`,
      }),
      422,
    );
    await problem(
      await t.owner.call("PATCH", `/api/projects/views/${saved.id}`, { groupBy: "field:x" }),
      400,
    );
  },
);
