/**
 * Sparse fieldsets (issue 39): every list and single-object GET declares `fields` in
 * /openapi.json and answers only the asked fields; an unknown name is a 400 naming it; fields a
 * route never answers (credentials, internal clocks) cannot be asked for; paging still works.
 */
import assert from "node:assert/strict";
import { callApp, type Caller, itest, newTenant, problem } from "../helpers.ts";
import { API, customer, json, ticket } from "../support/fixtures.ts";
import { seedObjects } from "./api-sweep.fixtures.ts";
import { uploadOne } from "../documents/helpers.ts";

// deno-lint-ignore no-explicit-any
type Schema = any;

const keysOf = (o: Record<string, unknown>) => Object.keys(o).sort();

itest("fields: every JSON list and single GET in /openapi.json declares fields", async () => {
  const spec = await (await callApp("/openapi.json")).json();
  const missing: string[] = [];
  let declared = 0;
  for (const [path, item] of Object.entries<Schema>(spec.paths)) {
    const op = item.get;
    if (!op?.responses?.["200"]?.content?.["application/json"]) continue;
    const param = (op.parameters ?? []).find((p: Schema) => p.name === "fields");
    if (!param) {
      missing.push(path);
      continue;
    }
    declared++;
    assert.equal(param.in, "query", path);
    assert.match(param.schema.pattern, /^\^\(/, `${path}: no pattern of names`);
    assert.match(param.description, /One of: \w+/, `${path}: names not described`);
  }
  assert.deepEqual(missing, [], "GET routes answering JSON without fields");
  assert.ok(declared >= 200, `only ${declared} routes declare fields`);
  const tickets = spec.paths["/api/support/support-ticket"].get.parameters
    .find((p: Schema) => p.name === "fields");
  assert.ok(new RegExp(tickets.schema.pattern).test("id,number,subject,status"));
  assert.ok(!new RegExp(tickets.schema.pattern).test("id,escalateAt"));
});

itest("fields: the ticket list and ticket GET answer only the asked fields", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner);
  const a = await ticket(agent, c.id, { subject: "First" });
  const b = await ticket(agent, c.id, { subject: "Second" });
  await json(
    await agent.call("POST", `${API}/support-ticket/${a.id}/comments`, {
      body: "Internal note",
      visibility: "internal",
    }),
    201,
  );

  // A subset, and paging by the keyset cursor although its columns were not asked for.
  const fields = "id,number,subject,status";
  const page1 = await json(
    await agent.call("GET", `${API}/support-ticket?limit=1&fields=${fields}`),
    200,
  );
  assert.equal(page1.items.length, 1);
  assert.deepEqual(keysOf(page1.items[0]), ["id", "number", "status", "subject"]);
  assert.equal(page1.items[0].id, b.id);
  assert.equal(page1.items[0].subject, "Second");
  assert.ok(page1.nextCursor);
  const page2 = await json(
    await agent.call(
      "GET",
      `${API}/support-ticket?limit=1&fields=subject&cursor=${page1.nextCursor}`,
    ),
    200,
  );
  assert.deepEqual(page2.items, [{ subject: "First" }], "the id is read, not answered");
  for (const sort of ["updated", "priority", "due"]) {
    const sorted = await json(
      await agent.call("GET", `${API}/support-ticket?limit=1&sort=${sort}&fields=number`),
      200,
    );
    const next = await json(
      await agent.call(
        "GET",
        `${API}/support-ticket?limit=1&sort=${sort}&fields=number&cursor=${sorted.nextCursor}`,
      ),
      200,
    );
    assert.notEqual(next.items[0].number, sorted.items[0].number, sort);
  }
  // A computed field (the SLA state) and the whole list without fields.
  const sla = await json(await agent.call("GET", `${API}/support-ticket?fields=slaState`), 200);
  assert.deepEqual(sla.items.map(keysOf), [["slaState"], ["slaState"]]);
  const whole = await json(await agent.call("GET", `${API}/support-ticket`), 200);
  assert.ok("description" in whole.items[0] && "updatedAt" in whole.items[0]);

  // One ticket: its columns alone, or its comments alone (no other read needed).
  const one = await json(
    await agent.call("GET", `${API}/support-ticket/${a.id}?fields=id,subject,priority`),
    200,
  );
  assert.deepEqual(one, { id: a.id, subject: "First", priority: "normal" });
  const notes = await json(
    await agent.call("GET", `${API}/support-ticket/${a.id}?fields=comments`),
    200,
  );
  assert.deepEqual(keysOf(notes), ["comments"]);
  assert.equal(notes.comments[0].body, "Internal note");

  // Unknown names: 400 naming each; fields the API never answers (internal clocks) are unknown.
  const bad = await problem(
    await agent.call("GET", `${API}/support-ticket?fields=id,bogus,escalateAt`),
    400,
  );
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path), [
    "query.fields",
    "query.fields",
  ]);
  assert.match(bad.errors[0].message, /"bogus"/);
  assert.match(bad.errors[1].message, /"escalateAt"/);
  for (const value of ["", ",", "id,,number", "firstResponseWarnAt"]) {
    await problem(await agent.call("GET", `${API}/support-ticket?fields=${value}`), 400);
  }
  const badOne = await problem(
    await agent.call("GET", `${API}/support-ticket/${a.id}?fields=resolutionWarnAt`),
    400,
  );
  assert.match(badOne.errors[0].message, /"resolutionWarnAt"/);

  // Permission first: a member without ticket access learns nothing, fields or not.
  const outsider = await t.member([]);
  await problem(await outsider.call("GET", `${API}/support-ticket?fields=id`), 403);
  await problem(await outsider.call("GET", `${API}/support-ticket/${a.id}?fields=id`), 403);

  // Another tenant's id: 404, and it stays as it was.
  const other = await newTenant();
  await problem(
    await other.owner.call("GET", `${API}/support-ticket/${a.id}?fields=id,subject`),
    404,
  );
  const listed = await json(await other.owner.call("GET", `${API}/support-ticket?fields=id`), 200);
  assert.deepEqual(listed.items, []);
  const still = await json(await agent.call("GET", `${API}/support-ticket/${a.id}`), 200);
  assert.equal(still.subject, "First");
});

itest("fields: credentials stay out however they are asked for (mailboxes)", async () => {
  const t = await newTenant();
  const box = await json(
    await t.owner.call("POST", `${API}/mailboxes`, {
      name: "Help",
      address: `help-${crypto.randomUUID().slice(0, 8)}@example.test`,
      imapHost: "imap.example.test",
      imapUser: "help",
      imapPassword: "s3cret-imap-password",
    }),
    201,
  );
  for (const name of ["imapPassword", "password", "inboundToken"]) {
    const p = await problem(
      await t.owner.call("GET", `${API}/mailboxes/${box.id}?fields=id,${name}`),
      400,
    );
    assert.match(p.errors[0].message, new RegExp(`"${name}"`));
  }
  const res = await t.owner.call("GET", `${API}/mailboxes?fields=id,hasPassword`);
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.ok(!text.includes("s3cret-imap-password"));
  assert.deepEqual(JSON.parse(text).items, [{ id: box.id, hasPassword: true }]);
});

itest("fields: a sample of every module's GETs answers only the asked fields", async () => {
  const spec = await (await callApp("/openapi.json")).json();
  const t = await newTenant();
  const ids = await seedObjects(t);
  const byPath: [RegExp, string][] = [
    [/\/support\/support-ticket\/\{id\}/, ids.ticket],
    [/\/support\/customers\/\{id\}/, ids.customer],
    [/\/workflow\/admin\/process\/\{id\}/, ids.definition],
    [/\/workflow\/process\/\{id\}/, ids.instance],
    [/\/workflow\/tasks\/\{id\}/, ids.wfTask],
    [/\/workflow\/reports\/\{id\}/, ids.report],
    [/\/projects\/projects\/\{id\}/, ids.project],
    [/\/projects\/tasks\/\{id\}/, ids.task],
    [/\/documents\/folders\/\{id\}/, ids.folder],
    [/\/automation\/agents\/\{id\}/, ids.agent],
    [/\/automation\/jobs\/\{id\}/, ids.job],
    [/\/automation\/runs\/\{id\}/, ids.run],
  ];
  const fill: Record<string, string> = {
    userId: ids.user,
    tenantId: ids.tenant,
    key: ids.modelKey,
    definitionId: ids.definition,
  };
  const answered = new Map<string, number>();
  for (const [path, item] of Object.entries<Schema>(spec.paths)) {
    const param = (item.get?.parameters ?? []).find((p: Schema) => p.name === "fields");
    if (!param) continue;
    let url = path;
    for (const m of path.matchAll(/\{([^}]+)\}/g)) {
      const value = byPath.find(([re]) => re.test(path))?.[1] ?? fill[m[1]];
      if (!value) break;
      url = url.replace(m[0], value);
    }
    if (url.includes("{")) continue;
    const names: string[] = param.description.split("One of: ")[1].replace(/\.$/, "").split(", ");
    const asked = names.slice(0, 2);
    const sep = url.includes("?") ? "&" : "?";
    const res = await t.owner.call("GET", `${url}${sep}fields=${asked.join(",")}`);
    const text = await res.text();
    assert.ok(res.status < 500, `${url}: ${res.status} ${text.slice(0, 200)}`);
    if (res.status !== 200) continue; // needs query parameters this sample does not guess
    const body = JSON.parse(text);
    const list = Array.isArray(body)
      ? body
      : "items" in body && !names.includes("items")
      ? body.items
      : [body];
    for (const row of list) {
      const extra = Object.keys(row).filter((k) => !asked.includes(k));
      assert.deepEqual(extra, [], `${url}: answered fields not asked for`);
    }
    const bad = await t.owner.call("GET", `${url}${sep}fields=${asked[0]},noSuchField`);
    const p = await problem(bad, 400);
    assert.ok(
      p.errors.some((e: { path: string; message: string }) =>
        e.path === "query.fields" && e.message.includes('"noSuchField"')
      ),
      `${url}: the unknown field is not named`,
    );
    const module = path.split("/")[2];
    answered.set(module, (answered.get(module) ?? 0) + 1);
  }
  for (
    const module of [
      "support",
      "workflow",
      "documents",
      "analytics",
      "projects",
      "automation",
      "notifications",
      "auth",
    ]
  ) {
    assert.ok(answered.get(module), `no ${module} GET answered: ${[...answered]}`);
  }
});

itest("fields: project tasks and plain support resources read and page with fields", async () => {
  const t = await newTenant();
  const project = await json(
    await t.owner.call("POST", "/api/projects/projects", { name: "Fields" }),
    201,
  );
  const task = async (title: string) =>
    await json(
      await t.owner.call("POST", "/api/projects/tasks", { projectId: project.id, title }),
      201,
    );
  const first = await task("One");
  const second = await task("Two");
  const list = `/api/projects/tasks?projectId=${project.id}&limit=1&fields=title`;
  const p1 = await json(await t.owner.call("GET", list), 200);
  assert.equal(p1.items.length, 1);
  assert.deepEqual(keysOf(p1.items[0]), ["title"]);
  const p2 = await json(await t.owner.call("GET", `${list}&cursor=${p1.nextCursor}`), 200);
  assert.deepEqual(
    [p1.items[0].title, p2.items[0].title].sort(),
    ["One", "Two"],
    "the second page continues the first",
  );
  const one = await json(
    await t.owner.call("GET", `/api/projects/tasks/${second.id}?fields=title,blockedBy,assignees`),
    200,
  );
  assert.deepEqual(one, { title: "Two", blockedBy: [], assignees: [] });
  await problem(await t.owner.call("GET", `/api/projects/tasks/${first.id}?fields=secret`), 400);
  const other = await newTenant();
  await problem(
    await other.owner.call("GET", `/api/projects/tasks/${first.id}?fields=title`),
    404,
  );

  const c = await customer(t.owner, { email: "fields@example.test" });
  const customers = await json(await t.owner.call("GET", `${API}/customers?fields=name`), 200);
  assert.deepEqual(customers.items, [{ name: c.name }]);
  const got = await json(await t.owner.call("GET", `${API}/customers/${c.id}?fields=email`), 200);
  assert.deepEqual(got, { email: "fields@example.test" });
  await problem(await other.owner.call("GET", `${API}/customers/${c.id}?fields=email`), 404);
});

itest(
  "fields: a document folder's listing reads, pages and skips thumbnails with fields",
  async () => {
    const t = await newTenant();
    for (const name of ["b.txt", "a.txt", "c.txt"]) await uploadOne(t.owner, name);
    const full = await json(await t.owner.call("GET", "/api/documents/files?limit=2"), 200);
    const asked = await json(
      await t.owner.call("GET", "/api/documents/files?limit=2&fields=name,size,createdByName"),
      200,
    );
    assert.deepEqual(
      asked.items,
      full.items.map((f: Schema) => ({
        name: f.name,
        size: f.size,
        createdByName: f.createdByName,
      })),
    );
    assert.ok(full.items[0].thumbnail, "the full listing has thumbnails");
    // The keyset cursor works without the asked fields naming the sort key.
    const next = await json(
      await t.owner.call(
        "GET",
        `/api/documents/files?limit=2&fields=name&cursor=${asked.nextCursor}`,
      ),
      200,
    );
    assert.deepEqual(next.items, [{ name: "c.txt" }]);
    const thumbs = await json(
      await t.owner.call("GET", "/api/documents/files?limit=2&fields=name,thumbnail"),
      200,
    );
    assert.deepEqual(thumbs.items.map((f: Schema) => keysOf(f)), [
      ["name", "thumbnail"],
      ["name", "thumbnail"],
    ]);
    assert.equal(thumbs.items[0].thumbnail.status, full.items[0].thumbnail.status);
    // Another tenant's folder is still a 404, with or without fields.
    const other = await newTenant();
    const folder = await json(
      await other.owner.call("POST", "/api/documents/folders", { name: "Theirs" }),
      201,
    );
    await problem(
      await t.owner.call("GET", `/api/documents/files?folderId=${folder.id}&fields=name`),
      404,
    );
  },
);

/**
 * A list asked for each of `fieldSets` answers the full list's items cut to those fields, and
 * the same cursor: the repo's narrowed select reads what it should and still pages.
 */
async function expectNarrowed(who: Caller, url: string, fieldSets: string[][]) {
  const full = await json(await who.call("GET", url), 200);
  assert.ok(full.items.length, `${url}: the seed made nothing to list`);
  for (const fields of fieldSets) {
    const asked = await json(await who.call("GET", `${url}&fields=${fields}`), 200);
    assert.deepEqual(
      asked.items,
      full.items.map((x: Schema) => Object.fromEntries(fields.map((f) => [f, x[f]]))),
      `${url}&fields=${fields}`,
    );
    assert.equal(asked.nextCursor, full.nextCursor, `${url}&fields=${fields}: the cursor`);
  }
}

itest(
  "fields: run history, agents, instances and workflow tasks read the asked columns",
  async () => {
    const t = await newTenant();
    await seedObjects(t);
    // Input and result, code and configuration, form and data: read only when asked for.
    await expectNarrowed(t.owner, "/api/automation/jobs/history?limit=1", [
      ["status", "input", "agentName"],
      ["result", "durationMs"],
    ]);
    await problem(await t.owner.call("GET", "/api/automation/jobs/history?fields=status,log"), 400);
    await expectNarrowed(t.owner, "/api/automation/agents?limit=2", [
      ["name", "state"],
      ["config", "grants", "version"],
    ]);
    await expectNarrowed(t.owner, "/api/workflow/process?limit=1", [
      ["state", "definitionName", "startedByName"],
    ]);
    await expectNarrowed(t.owner, "/api/workflow/tasks?view=all&limit=1", [
      ["name", "overdue", "assigneeName"],
      ["formFields", "data"],
    ]);
  },
);

itest("fields: projects read their task counts and the reader's role only when asked", async () => {
  const t = await newTenant();
  const project = await json(
    await t.owner.call("POST", "/api/projects/projects", { name: "Counted" }),
    201,
  );
  await json(
    await t.owner.call("POST", "/api/projects/tasks", { projectId: project.id, title: "One" }),
    201,
  );
  const full = await json(await t.owner.call("GET", `/api/projects/projects/${project.id}`), 200);
  assert.equal(full.taskCount, 1);
  for (const fields of [["name", "taskCount", "myRole"], ["status", "updatedAt"]]) {
    const one = await json(
      await t.owner.call("GET", `/api/projects/projects/${project.id}?fields=${fields}`),
      200,
    );
    assert.deepEqual(one, Object.fromEntries(fields.map((f) => [f, full[f]])));
    const list = await json(
      await t.owner.call("GET", `/api/projects/projects?limit=1&fields=${fields}`),
      200,
    );
    assert.deepEqual(list.items, [one]);
  }
  const other = await newTenant();
  await problem(
    await other.owner.call("GET", `/api/projects/projects/${project.id}?fields=name`),
    404,
  );
});
