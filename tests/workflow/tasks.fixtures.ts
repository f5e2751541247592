import { type Caller, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";

export const API = "/api/workflow";

export async function json(res: Response, status: number) {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function newTask(who: Caller, body: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", `${API}/tasks`, { name: "Check invoice", ...body }),
    201,
  );
}

export async function inTenant<T>(tenantId: string, fn: (tx: Sql) => Promise<T>, userId?: string) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId, userId }, fn);
}

export async function inbox(who: Caller): Promise<string[]> {
  const body = await json(await who.call("GET", "/api/notifications"), 200);
  return body.items.map((n: { title: string }) => n.title);
}

export const FORM = [
  { id: "amount", label: "Amount", type: "long", required: true },
  { id: "approved", label: "Approved", type: "boolean" },
  {
    id: "kind",
    label: "Kind",
    type: "enum",
    values: [{ id: "travel", name: "Travel" }, { id: "office", name: "Office" }],
  },
  { id: "payOn", label: "Pay on", type: "date" },
];

export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
