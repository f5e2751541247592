/**
 * The script templates as a tenant gets them: an agent made from the template through the API,
 * run by the real engine in the real sandbox, its work read back through the other modules'
 * APIs (Documents) and the outbox.
 */
import assert from "node:assert/strict";
import { templateByKey } from "../../modules/automation/templates/templates.lib.ts";
import { itest, newTenant, type TestTenant } from "../helpers.ts";
import { newProject, newTask } from "../projects/fixtures.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { API, inTenant, runToEnd, seedAgent } from "./engine.fixtures.ts";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

async function fromTemplate(t: TestTenant, template: string, name: string) {
  return await json(
    await t.owner.call("POST", `${API}/agents/from-template`, { template, name }),
    201,
  ) as { id: string; grants: string[] };
}

/** The files of a root folder through the Documents API (null when there is no such folder). */
async function filesIn(t: TestTenant, folder: string) {
  const folders = await json(await t.owner.call("GET", "/api/documents/folders"), 200);
  const list = (folders.items ?? folders) as { id: string; name: string; parentId: string }[];
  const found = list.find((f) => f.name === folder && !f.parentId);
  if (!found) return null;
  const files = await json(
    await t.owner.call("GET", `/api/documents/files?folderId=${found.id}`),
    200,
  );
  return files.items as { id: string; name: string; contentType: string }[];
}

itest("templates: the project status CSV is saved in Documents under /Reports", async () => {
  const t = await newTenant();
  const apollo = await newProject(t.owner, { name: "Apollo" });
  await newTask(t.owner, apollo.id, { title: "Write spec" });
  await newProject(t.owner, { name: '=cmd, "quoted"' });
  const agent = await fromTemplate(t, "project-status-csv", "Status report");
  assert.deepEqual(agent.grants, ["projects.project.read", "documents.file.write"]);
  assert.equal(await filesIn(t, "Reports"), null, "no report folder before the first run");

  const run = await runToEnd(t, agent.id);
  assert.equal(run.status, "succeeded", run.error ?? run.log);
  const day = new Date().toISOString().slice(0, 10);
  const result = run.result as { file: { id: string; name: string }; projects: number };
  assert.equal(result.projects, 2);
  assert.equal(result.file.name, `project-status-${day}.csv`);
  const files = await filesIn(t, "Reports");
  assert.deepEqual(files?.map((f) => f.name), [`project-status-${day}.csv`]);
  assert.equal(files![0].contentType, "text/csv");
  const csv = await (await t.owner.call("GET", `/api/documents/files/${files![0].id}/download`))
    .text();
  const lines = csv.trimEnd().split("\r\n");
  assert.equal(lines[0], "project,status,done,tasks,progress %,due");
  assert.equal(lines.length, 3, csv);
  assert.ok(lines.some((l) => /^Apollo,[a-z_]+,0,1,0,$/.test(l)), csv);
  // A formula is neutralised, quotes and commas escaped.
  assert.ok(lines.some((l) => l.startsWith(`"'=cmd, ""quoted""",`)), csv);

  // A second report the same day does not collide with the first.
  const again = await runToEnd(t, agent.id);
  assert.equal(again.status, "succeeded", again.error ?? again.log);
  const both = (await filesIn(t, "Reports"))!.map((f) => f.name);
  assert.equal(both.length, 2);
  const second = both.find((n) => n !== result.file.name) ?? "";
  assert.match(second, new RegExp(`^project-status-${day}-\\d{6}\\.csv$`));
});

itest("templates: the CSV report needs the Documents grant; nothing is saved without", async () => {
  const t = await newTenant();
  await newProject(t.owner, { name: "Apollo" });
  const tpl = templateByKey("project-status-csv")!;
  const agent = await seedAgent(t, {
    code: tpl.code,
    config: tpl.config,
    grants: ["projects.project.read"],
  });
  const run = await runToEnd(t, agent);
  assert.equal(run.status, "failed");
  assert.match(run.error ?? "", /lacks permission documents\.file\.write/);
  assert.equal(await filesIn(t, "Reports"), null);
});

itest("templates: the open tickets digest is e-mailed to the configured recipients", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  await ticket(t.owner, c.id, { subject: "Printer jammed", priority: "normal" });
  await ticket(t.owner, c.id, { subject: "Server down", priority: "kritik" });
  const tpl = templateByKey("open-tickets-digest")!;
  assert.deepEqual(tpl.grants, ["support.ticket.read", "automation.agent.write"]);
  const made = await fromTemplate(t, "open-tickets-digest", "Digest");
  // As it comes, the template asks for its recipients.
  const unset = await runToEnd(t, made.id);
  assert.equal(unset.status, "failed");
  assert.match(unset.error ?? "", /config\.recipients is empty/);

  const agent = await seedAgent(t, {
    code: tpl.code,
    config: { ...tpl.config, recipients: ["lead@example.com", "desk@example.com"] },
    grants: tpl.grants,
  });
  const run = await runToEnd(t, agent);
  assert.equal(run.status, "succeeded", run.error ?? run.log);
  assert.deepEqual(run.result, { open: 2, sent: 2 });
  const mails = await inTenant(
    t,
    (tx) =>
      tx<{ toAddress: string; subject: string; textBody: string }[]>`
    select to_address, subject, text_body from mail_outbox order by to_address`,
  );
  assert.deepEqual(mails.map((m) => m.toAddress), ["desk@example.com", "lead@example.com"]);
  const { subject, textBody } = mails[0];
  assert.match(subject, /^Open tickets \(2\) \d{4}-\d\d-\d\d$/);
  const critical = textBody.indexOf("[Critical]");
  const normal = textBody.indexOf("[Normal]");
  assert.ok(critical > 0 && normal > critical, textBody);
  assert.match(textBody, /Server down/);
  assert.match(textBody, /Critical \(1\), Normal \(1\)/);
});
