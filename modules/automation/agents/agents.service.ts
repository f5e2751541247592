import { uuidv7 } from "uuidv7";
import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, encodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { AgentKind, AgentRecord, AgentState } from "../common/common.schemas.ts";
import { publishAutomation } from "../events.ts";
import { kindOf } from "../kinds/kinds.registry.lib.ts";
import { templateByKey } from "../templates/templates.lib.ts";
import { envNamesOf } from "../secrets/secrets.service.ts";
import {
  type AgentChange,
  agentNameTaken,
  type AgentRow,
  deleteAgent,
  deleteJobsOfAgent,
  findAgent,
  findVersion,
  insertAgent,
  insertVersion,
  jobsOfAgent,
  selectAgents,
  selectVersions,
  updateAgent,
} from "./agents.repo.ts";
import { checkGrants, sameContent, versionDiff } from "./agents.rules.ts";
import { codeProblem, STARTER_CODE } from "./agents.check.lib.ts";
import type { Agent, AgentInput, AgentQuery, AgentUpdate } from "./agents.schemas.ts";

const MODULE = "automation";
const ENTITY = "agent";

/** The API's agent from a row (one literal: no internal keys leak). */
function toAgent(r: AgentRecord): Agent {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    kind: r.kind,
    state: r.state,
    config: r.config,
    code: r.code,
    grants: r.grants,
    version: r.version,
    template: r.template,
    consecutiveFailures: r.consecutiveFailures,
    lastError: r.lastError,
    lastRunAt: r.lastRunAt,
    lastStatus: r.lastStatus,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** What the activity log keeps of an agent: its facts, never its code. */
const snapshot = (a: AgentRecord | Agent) => ({
  name: a.name,
  description: a.description,
  kind: a.kind,
  state: a.state,
  version: a.version,
  grants: a.grants,
  config: a.config,
  lastError: a.lastError,
});

async function getAgentRow(sql: Sql, id: string, lock = false): Promise<AgentRow> {
  const row = await findAgent(sql, id, lock);
  if (!row) throw problems.notFound("No such agent.");
  return row;
}

/** The agents; `fields` (a sparse fieldset) reads only those columns. */
export async function listAgents({ sql }: Actor, q: AgentQuery, fields?: readonly string[]) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectAgents(sql, q, q.limit, after, fields);
  const page = toPage(rows, q.limit, (r) => [r.sortKey, r.id]);
  return { items: page.items.map(toAgent), nextCursor: page.nextCursor };
}

export async function agentDetail(actor: Actor, id: string) {
  const { sql } = actor;
  const row = await getAgentRow(sql, id);
  const [jobs, env] = [await jobsOfAgent(sql, id), await envNamesOf(actor, id)];
  return { ...toAgent(row), jobs, envNames: env };
}

/** The kind's configuration schema; bad fields are a 400 with `config.<path>`. */
function validConfig(kind: AgentKind, config: Record<string, unknown>): Record<string, unknown> {
  const parsed = (kindOf(kind).configSchema as z.ZodType).safeParse(config);
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({
        path: ["config", ...i.path.map(String)].join("."),
        message: i.message,
      })),
      "The agent's configuration is not valid for its kind.",
    );
  }
  return parsed.data as Record<string, unknown>;
}

async function assertNameFree(sql: Sql, name: string, except?: string) {
  if (await agentNameTaken(sql, name, except)) {
    throw problems.conflict(`An agent named "${name}" already exists.`);
  }
}

/** The state change a code check implies (a failing check sends the agent to `hata`). */
function stateAfterCheck(
  current: { state: AgentState; consecutiveFailures: number; lastError: string | null },
  problem: string | null,
): { state: AgentState; lastError: string | null } {
  if (problem) return { state: "hata", lastError: problem };
  // Fixed code lifts a `hata` that came from a failed check (not from failing runs).
  if (current.state === "hata" && current.lastError?.startsWith("code check:")) {
    return { state: "aktif", lastError: null };
  }
  return { state: current.state, lastError: current.lastError };
}

async function announceState(sql: Sql, a: AgentRecord, from: AgentState, to: AgentState) {
  if (from === to) return;
  await publishAutomation(sql, "automation.agent.state-changed", {
    agentId: a.id,
    agentName: a.name,
    oldState: from,
    newState: to,
    error: a.lastError,
  });
}

export interface Permissions {
  /** Every permission a role can hold (c.var.platform.permissions). */
  known: readonly string[];
}

export async function createAgent(
  actor: Actor,
  { agent: input, perms }: { agent: AgentInput; perms: Permissions },
) {
  const { sql, session } = actor;
  const template = input.template ? templateByKey(input.template) : null;
  if (input.template && !template) throw problems.unprocessable("No such agent template.");
  const kind = input.kind ?? template?.kind;
  if (!kind) throw problems.validation([{ path: "kind", message: "Required" }]);
  const fromTemplate = template && template.kind === kind ? template : null;
  const config = validConfig(kind, input.config ?? fromTemplate?.config ?? {});
  const code = kindOf(kind).usesCode ? input.code ?? fromTemplate?.code ?? STARTER_CODE : "";
  const grants = [...new Set(input.grants ?? fromTemplate?.grants ?? [])];
  checkGrants(grants, perms.known, session.permissions);
  await assertNameFree(sql, input.name);
  const problem = await codeProblem(kind, code);
  const id = uuidv7();
  await insertAgent(sql, {
    id,
    name: input.name,
    description: input.description ?? "",
    kind,
    state: problem ? "hata" : "aktif",
    config,
    code,
    grants,
    template: fromTemplate?.key ?? null,
    lastError: problem,
    createdBy: session.userId,
  });
  await insertVersion(sql, {
    agentId: id,
    version: 1,
    config,
    code,
    note: input.note ?? "",
    createdBy: session.userId,
  });
  const row = await getAgentRow(sql, id);
  await recordActivity({ sql }, {
    module: MODULE,
    entityType: ENTITY,
    entityId: id,
    action: "created",
    summary: `Created agent ${row.name}`,
    after: snapshot(row),
  });
  if (problem) await announceState(sql, row, "aktif", "hata");
  return toAgent(row);
}

export async function createFromTemplate(
  actor: Actor,
  input: { template: string; name: string; perms: Permissions },
) {
  return await createAgent(actor, {
    agent: { name: input.name, template: input.template },
    perms: input.perms,
  });
}

/**
 * Saves changes. Code or config that differ from the current ones make a new version (with
 * the note); a script's code is checked and a failing check sends the agent to `hata`.
 */
export async function changeAgent(
  actor: Actor,
  { id, patch, perms, action = "updated" }: {
    id: string;
    patch: AgentUpdate;
    perms: Permissions;
    /** The activity log's action (`restored` for a restore). */
    action?: string;
  },
) {
  const { sql, session } = actor;
  const before = await getAgentRow(sql, id, true);
  const kind = before.kind;
  const config = patch.config !== undefined ? validConfig(kind, patch.config) : before.config;
  const code = patch.code !== undefined && kindOf(kind).usesCode ? patch.code : before.code;
  const grants = patch.grants !== undefined ? [...new Set(patch.grants)] : before.grants;
  const behaviour = patch.config !== undefined || patch.code !== undefined ||
    patch.grants !== undefined;
  // Changing what an agent does needs every permission it will act with.
  if (behaviour) checkGrants(grants, perms.known, session.permissions);
  if (patch.name !== undefined && patch.name !== before.name) {
    await assertNameFree(sql, patch.name, id);
  }
  const change: AgentChange = {};
  if (patch.name !== undefined) change.name = patch.name;
  if (patch.description !== undefined) change.description = patch.description;
  if (patch.grants !== undefined) change.grants = grants;
  const newVersion = !sameContent({ code, config }, before);
  if (newVersion) {
    change.version = before.version + 1;
    change.config = config;
    change.code = code;
    await insertVersion(sql, {
      agentId: id,
      version: change.version,
      config,
      code,
      note: patch.note ?? "",
      createdBy: session.userId,
    });
    if (code !== before.code) {
      const next = stateAfterCheck(before, await codeProblem(kind, code));
      if (next.state !== before.state) change.state = next.state;
      if (next.lastError !== before.lastError) change.lastError = next.lastError;
    }
  }
  await updateAgent(sql, id, change);
  const after = await getAgentRow(sql, id);
  await recordActivity({ sql }, {
    module: MODULE,
    entityType: ENTITY,
    entityId: id,
    action,
    summary: newVersion
      ? `Saved version ${after.version} of agent ${after.name}${
        patch.note ? `: ${patch.note}` : ""
      }`
      : `Changed agent ${after.name}`,
    before: snapshot(before),
    after: snapshot(after),
  });
  await announceState(sql, after, before.state, after.state);
  return toAgent(after);
}

/**
 * Enables or disables an agent by hand. `hata` is only ever set automatically; enabling a
 * failing agent clears its failure streak.
 */
export async function setAgentState(
  actor: Actor,
  { id, state }: { id: string; state: "aktif" | "pasif" },
) {
  const { sql } = actor;
  const before = await getAgentRow(sql, id, true);
  if (before.state === state) return toAgent(before);
  await updateAgent(sql, id, {
    state,
    ...(state === "aktif" ? { consecutiveFailures: 0, lastError: null } : {}),
  });
  const after = await getAgentRow(sql, id);
  await recordActivity({ sql }, {
    module: MODULE,
    entityType: ENTITY,
    entityId: id,
    action: state === "aktif" ? "enabled" : "disabled",
    summary: `${state === "aktif" ? "Enabled" : "Disabled"} agent ${after.name}`,
    before: { state: before.state },
    after: { state: after.state },
  });
  await announceState(sql, after, before.state, after.state);
  return toAgent(after);
}

/** Deletes an agent; one that jobs run is refused (409 naming them) unless `force`. */
export async function removeAgent(actor: Actor, { id, force }: { id: string; force: boolean }) {
  const { sql } = actor;
  const before = await getAgentRow(sql, id, true);
  const jobs = await jobsOfAgent(sql, id);
  if (jobs.length && !force) {
    const names = jobs.slice(0, 10).map((j) => `"${j.name}"`).join(", ");
    throw problems.conflict(
      `Jobs run this agent: ${names}${
        jobs.length > 10 ? ` and ${jobs.length - 10} more` : ""
      }. Delete them first, or delete with force=true to delete them too.`,
    );
  }
  if (jobs.length) await deleteJobsOfAgent(sql, id);
  await deleteAgent(sql, id);
  await recordActivity({ sql }, {
    module: MODULE,
    entityType: ENTITY,
    entityId: id,
    action: "deleted",
    summary: `Deleted agent ${before.name}${
      jobs.length ? ` and its jobs ${jobs.map((j) => j.name).join(", ")}` : ""
    }`,
    before: snapshot(before),
  });
}

// Versions ------------------------------------------------------------------------------------

export async function listVersions(
  { sql }: Actor,
  { id, limit, cursor }: { id: string; limit: number; cursor?: string },
) {
  const agent = await getAgentRow(sql, id);
  const after = decodeCursor(cursor, ["number"]) as [number] | null;
  const rows = await selectVersions(sql, id, limit, after?.[0] ?? null);
  const items = rows.slice(0, limit);
  return {
    items: items.map(({ config: _c, code: _code, ...v }) => ({
      ...v,
      current: v.version === agent.version,
    })),
    nextCursor: rows.length > limit ? encodeCursor([items[items.length - 1].version]) : null,
  };
}

async function versionRow(sql: Sql, id: string, version: number) {
  const row = await findVersion(sql, id, version);
  if (!row) throw problems.notFound("No such version of this agent.");
  return row;
}

export async function getVersion(
  { sql }: Actor,
  { id, version }: { id: string; version: number },
) {
  const agent = await getAgentRow(sql, id);
  const row = await versionRow(sql, id, version);
  return { ...row, current: row.version === agent.version };
}

export async function diffVersions(
  { sql }: Actor,
  { id, version, against }: { id: string; version: number; against?: number },
) {
  await getAgentRow(sql, id);
  const base = against ?? version - 1;
  if (base < 1) {
    throw problems.validation([{ path: "query.against", message: "Version 1 has no previous" }]);
  }
  const [from, to] = [await versionRow(sql, id, base), await versionRow(sql, id, version)];
  return { version, against: base, ...versionDiff(from, to) };
}

/** Makes an old version current again, as a new version (history is never rewritten). */
export async function restoreVersion(
  actor: Actor,
  { id, version, note, perms }: {
    id: string;
    version: number;
    note?: string;
    perms: Permissions;
  },
) {
  const old = await versionRow(actor.sql, id, version);
  return await changeAgent(actor, {
    id,
    patch: { code: old.code, config: old.config, note: note || `Restored version ${version}` },
    perms,
    action: "restored",
  });
}
