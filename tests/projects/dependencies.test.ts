/**
 * The "blocked by" and "parent task" pickers offer only choices the save accepts: no task that
 * already waits for this one (a dependency cycle), no subtask as a parent. The API still
 * refuses a cycle with 422.
 */
import assert from "node:assert/strict";
import {
  blockerCandidates,
  dependents,
  parentCandidates,
} from "../../modules/projects/tasks/tasks.rules.ts";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { json, newProject, newTask } from "./fixtures.ts";

const node = (id: string, blocks: string[] = [], parentId: string | null = null) => ({
  id,
  blocks,
  parentId,
});

Deno.test("dependencies: dependents follow 'blocks' through every step, cycles included", () => {
  // a blocks b, b blocks c and d; e stands alone; f and g block each other (stored cycle).
  const tasks = [
    node("a", ["b"]),
    node("b", ["c", "d"]),
    node("c"),
    node("d"),
    node("e"),
    node("f", ["g"]),
    node("g", ["f"]),
  ];
  assert.deepEqual([...dependents("a", tasks)].sort(), ["b", "c", "d"]);
  assert.deepEqual([...dependents("c", tasks)], []);
  assert.deepEqual([...dependents("f", tasks)].sort(), ["f", "g"]);
  assert.deepEqual([...dependents("missing", tasks)], []);
});

Deno.test("dependencies: the blocker picker leaves out the task and what waits for it", () => {
  const tasks = [node("a", ["b"]), node("b", ["c"]), node("c"), node("d")];
  const ids = (id: string) => blockerCandidates(id, tasks).map((t) => t.id);
  // a is waited for by b and c: only d may block a.
  assert.deepEqual(ids("a"), ["d"]);
  // c waits for b and a: both may block it (they already do, through b).
  assert.deepEqual(ids("c"), ["a", "b", "d"]);
  assert.deepEqual(ids("d"), ["a", "b", "c"]);
});

Deno.test("dependencies: the parent picker leaves out the task and its subtasks", () => {
  const tasks = [node("a"), node("b", [], "a"), node("c", [], "b"), node("d")];
  assert.deepEqual(parentCandidates("a", tasks).map((t) => t.id), ["d"]);
  assert.deepEqual(parentCandidates("b", tasks).map((t) => t.id), ["a", "d"]);
  assert.deepEqual(parentCandidates("c", tasks).map((t) => t.id), ["a", "b", "d"]);
});

itest("dependencies: the task page offers no blocker that would make a cycle", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const a = await newTask(t.owner, p.id, { title: "A" });
  const b = await newTask(t.owner, p.id, { title: "B", blockedBy: [a.id] });
  const c = await newTask(t.owner, p.id, { title: "C", blockedBy: [b.id] });
  const d = await newTask(t.owner, p.id, { title: "D" });
  const picker = async (id: string) => {
    const html = await (await browse(`/projects/tasks/${id}`, { who: t.owner })).text();
    const select = html.match(/<select[^>]*id="tf-blocked"[^]*?<\/select>/)![0];
    return [...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
  };
  assert.deepEqual((await picker(a.id)).sort(), [d.id].sort());
  assert.deepEqual((await picker(c.id)).sort(), [a.id, b.id, d.id].sort());
  // The API still refuses what the picker leaves out.
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { blockedBy: [c.id] }),
    422,
  );
  await json(await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { blockedBy: [d.id] }), 200);
});
