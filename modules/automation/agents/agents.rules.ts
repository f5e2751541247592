import { createTwoFilesPatch } from "diff";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { problems } from "../../../shared/http/problem.ts";

/**
 * What an agent may be granted: permissions that exist, that its editor holds. Whoever changes
 * what an agent does (code, config, grants) must hold every permission it acts with, or editing
 * an agent would be a way to borrow its grants.
 */
export function checkGrants(grants: string[], known: readonly string[], mine: readonly string[]) {
  const unknown = grants.filter((g) => !known.includes(g));
  if (unknown.length) {
    throw problems.unprocessable(`Not a permission: ${unknown.join(", ")}.`);
  }
  const missing = grants.filter((g) => !hasPermission(mine, g));
  if (missing.length) {
    throw problems.forbidden(
      `An agent can only be given permissions you hold yourself; you lack ${missing.join(", ")}.`,
    );
  }
}

/** The grants a person may give: every known permission they hold. */
export const grantChoices = (known: readonly string[], mine: readonly string[]) =>
  known.filter((p) => hasPermission(mine, p) && !p.includes("*")).sort();

/** Keys sorted at every level: the database keeps JSON keys in its own order. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}
export const canonicalJson = (v: unknown, indent?: number) =>
  JSON.stringify(sorted(v), null, indent);

const configText = (config: Record<string, unknown>) => canonicalJson(config, 2) + "\n";
const codeText = (code: string) => (code.endsWith("\n") || code === "" ? code : code + "\n");

/** A unified diff of two versions' code and configuration (from `a` to `b`). */
export function versionDiff(
  a: { version: number; code: string; config: Record<string, unknown> },
  b: { version: number; code: string; config: Record<string, unknown> },
): { diff: string; changed: boolean } {
  const la = `version ${a.version}`;
  const lb = `version ${b.version}`;
  const parts: string[] = [];
  if (a.code !== b.code) {
    parts.push(createTwoFilesPatch("code", "code", codeText(a.code), codeText(b.code), la, lb));
  }
  const ca = configText(a.config);
  const cb = configText(b.config);
  if (ca !== cb) parts.push(createTwoFilesPatch("config.json", "config.json", ca, cb, la, lb));
  // createTwoFilesPatch starts with an "Index:"-less header; drop the "===" separator lines.
  const diff = parts.join("").split("\n").filter((l) => !/^={10,}$/.test(l)).join("\n");
  return { diff, changed: parts.length > 0 };
}

/** Two configs/codes equal (a save that changes nothing makes no version). */
export const sameContent = (
  a: { code: string; config: Record<string, unknown> },
  b: { code: string; config: Record<string, unknown> },
) => a.code === b.code && canonicalJson(a.config) === canonicalJson(b.config);
