import assert from "node:assert/strict";
import type { Caller } from "../helpers.ts";

export async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

export async function newProject(who: Caller, body: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", "/api/projects/projects", { name: "Apollo", ...body }),
    201,
  );
}

export async function addMember(who: Caller, projectId: string, userId: string, role: string) {
  return await json(
    await who.call("POST", `/api/projects/projects/${projectId}/members`, { userId, role }),
    201,
  );
}

export async function newTask(who: Caller, projectId: string, body: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", "/api/projects/tasks", { projectId, title: "Write spec", ...body }),
    201,
  );
}

export async function flow(who: Caller, projectId: string) {
  return await json(await who.call("GET", `/api/projects/status?projectId=${projectId}`), 200);
}

export const MISSING = "0190a0a0-0000-7000-8000-000000000000";
