/**
 * Task history and project activity read as people speak: names, localized verbs and field
 * labels, priorities and statuses as labels, tasks by title; never codes, ids or English
 * summaries.
 */
import assert from "node:assert/strict";
import { browse, type Caller, itest, newTenant } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

const read = async (who: Caller, path: string, lang: string) => {
  const res = await browse(path, {
    who,
    headers: { Cookie: `session=${who.token}; lang=${lang}` },
  });
  assert.equal(res.status, 200, path);
  return await res.text();
};
/** The visible text of the page's timelines. */
const timelines = (html: string) =>
  [...html.matchAll(/<ol class="timeline"[^]*?<\/ol>/g)].map((m) =>
    m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")
  ).join(" | ");

itest("history: a task's changes by name, verb, field label and value label", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const p = await newProject(t.owner, { name: "Apollo" });
  await addMember(t.owner, p.id, dev.id, "member");
  const blocker = await newTask(t.owner, p.id, { title: "Groundwork" });
  const task = await newTask(t.owner, p.id, { title: "Launch", priority: "dusuk" });
  const [, doing] = (await flow(t.owner, p.id)).items;
  await json(
    await dev.call("PUT", `/api/projects/tasks/${task.id}`, {
      priority: "kritik",
      statusId: doing.id,
      dueDate: "2030-03-04",
      blockedBy: [blocker.id],
    }),
    200,
  );
  await json(
    await dev.call("POST", "/api/projects/comments", { taskId: task.id, body: "On it" }),
    201,
  );

  const en = timelines(await read(t.owner, `/projects/tasks/${task.id}`, "en"));
  assert.match(en, /Member member moved the task/);
  assert.match(en, /Priority Low Critical/);
  assert.match(en, /Status To do In progress/);
  assert.match(en, /Due date 4 Mar 2030/);
  assert.match(en, /Blocked by Groundwork/);
  assert.match(en, /Member member commented on the task/);
  assert.match(en, /Owner created the task/);
  assert.doesNotMatch(en, /kritik|dusuk|projectId|blockedBy|[0-9a-f]{8}-[0-9a-f]{4}|Updated task/);

  const tr = timelines(await read(t.owner, `/projects/tasks/${task.id}`, "tr"));
  assert.match(tr, /görevi taşıdı/);
  assert.match(tr, /Öncelik Düşük Kritik/);
  assert.match(tr, /Durum Yapılacak Devam Ediyor/);
  assert.match(tr, /Engelleyen görevler Groundwork/);

  // The project's activity tab and the module's log say which task a line is about.
  const tab = timelines(await read(t.owner, `/projects/projects/${p.id}?view=activity`, "en"));
  assert.match(tab, /moved the task Launch/);
  assert.match(tab, /created the project/);
  const log = await read(dev, "/projects/activity", "en");
  assert.match(timelines(log), /commented on the task Launch/);
  assert.match(log, new RegExp(`href="/projects/tasks/${task.id}"`));
  assert.doesNotMatch(timelines(log), /Created task|Commented on/);
});
