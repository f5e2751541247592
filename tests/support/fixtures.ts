import assert from "node:assert/strict";
import type { Caller } from "../helpers.ts";

export const API = "/api/support";

export async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

export async function customer(who: Caller, extra: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", `${API}/customers`, { name: "Mehmet Müşteri", ...extra }),
    201,
  );
}

export async function ticket(who: Caller, customerId: string, extra: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", `${API}/support-ticket`, {
      subject: "Printer does not print",
      description: "Since Monday",
      customerId,
      ...extra,
    }),
    201,
  );
}

/** Working hours every day, all day: clocks in plain minutes. */
export const ALWAYS = {
  timeZone: "UTC",
  weekly: Object.fromEntries(
    ["0", "1", "2", "3", "4", "5", "6"].map((d) => [d, [["00:00", "24:00"]]]),
  ),
  holidays: [],
};

export const targets = (fr: number, res: number) =>
  Object.fromEntries(
    ["dusuk", "normal", "yuksek", "kritik"].map((p) => [p, {
      firstResponseMinutes: fr,
      resolutionMinutes: res,
    }]),
  );

/** The workspace's default SLA policy: 60 minutes to first response, 240 to resolution. */
export async function defaultPolicy(who: Caller, extra: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", `${API}/sla-policy`, {
      name: "Std",
      targets: targets(60, 240),
      calendar: ALWAYS,
      isDefault: true,
      ...extra,
    }),
    201,
  );
}
