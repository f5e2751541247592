import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import {
  deleteEnvRow,
  scopeTenant,
  selectEnvNames,
  selectSealed,
  selectSealedNotWith,
  upsertEnv,
} from "./secrets.repo.ts";
import { currentKeyId, decryptValue, encryptValue, type Sealed } from "./secrets.crypto.lib.ts";
import { findAgent } from "../agents/agents.repo.ts";

const MAX_VALUE = 16_384;
export const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;
/** Names the sandbox itself relies on or that change how Deno behaves: never an agent's. */
const RESERVED =
  /^(DENO_|NODE_|LD_|DYLD_)|^(PATH|HOME|TMPDIR|TMP|TEMP|HTTP_PROXY|HTTPS_PROXY|NO_PROXY|ALL_PROXY)$/;

async function agentOf(sql: Sql, agentId: string) {
  const agent = await findAgent(sql, agentId);
  if (!agent) throw problems.notFound("No such agent.");
  return agent;
}

function checkName(name: string) {
  if (!ENV_NAME.test(name)) {
    throw problems.validation([{
      path: "name",
      message: "Use capital letters, digits and _ (not first a digit), at most 64",
    }]);
  }
  if (RESERVED.test(name)) {
    throw problems.unprocessable(`${name} is reserved for the runtime; choose another name.`);
  }
}

/** The names (never values) of an agent's variables. */
export async function envNamesOf({ sql }: SystemActor, agentId: string): Promise<string[]> {
  return (await selectEnvNames(sql, agentId)).map((e) => e.name);
}

export async function listEnv({ sql }: Actor, agentId: string) {
  await agentOf(sql, agentId);
  const rows = await selectEnvNames(sql, agentId);
  return { items: rows.map((r) => ({ name: r.name, updatedAt: r.updatedAt })) };
}

/** Sets or rotates a variable. The activity log gets its name, never its value. */
export async function setEnv(
  actor: Actor,
  { agentId, name, value }: { agentId: string; name: string; value: string },
) {
  const { sql } = actor;
  checkName(name);
  if (value.length > MAX_VALUE) {
    throw problems.validation([{ path: "value", message: `At most ${MAX_VALUE} characters` }]);
  }
  const agent = await agentOf(sql, agentId);
  const tenantId = await scopeTenant(sql);
  const sealed = await encryptValue({ tenantId, agentId, name }, value);
  const created = await upsertEnv(sql, { agentId, name, ...sealed });
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "agent",
    entityId: agentId,
    action: created ? "env-set" : "env-rotated",
    summary: `${created ? "Set" : "Changed"} environment variable ${name} of agent ${agent.name}`,
    after: { env: name },
  });
  const [row] = (await selectEnvNames(sql, agentId)).filter((e) => e.name === name);
  return { created, item: { name: row.name, updatedAt: row.updatedAt } };
}

export async function deleteEnv(
  actor: Actor,
  { agentId, name }: { agentId: string; name: string },
) {
  const { sql } = actor;
  const agent = await agentOf(sql, agentId);
  if (!ENV_NAME.test(name) || !(await deleteEnvRow(sql, agentId, name))) {
    throw problems.notFound("No such environment variable.");
  }
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "agent",
    entityId: agentId,
    action: "env-deleted",
    summary: `Removed environment variable ${name} of agent ${agent.name}`,
    before: { env: name },
  });
}

/**
 * The agent's variables decrypted, for a run. A value sealed with another key (or altered)
 * throws a SecretError whose message tells the author to set it again.
 */
export async function decryptedEnv(
  { sql }: SystemActor,
  agentId: string,
): Promise<Record<string, string>> {
  const rows = await selectSealed(sql, agentId);
  if (!rows.length) return {};
  const tenantId = await scopeTenant(sql);
  const env: Record<string, string> = {};
  for (const r of rows) {
    env[r.name] = await decryptValue({ tenantId, agentId, name: r.name }, r as Sealed);
  }
  return env;
}

/**
 * Re-seals the tenant's variables that were encrypted with `previous` (a key rotation: the
 * old key is given once, everything moves to the current one). Returns how many moved.
 */
export async function reencryptAll(
  { sql }: SystemActor,
  previous: (where: { tenantId: string; agentId: string; name: string }, s: Sealed) => Promise<
    string
  >,
): Promise<number> {
  const tenantId = await scopeTenant(sql);
  const rows = await selectSealedNotWith(sql, currentKeyId());
  for (const r of rows) {
    const where = { tenantId, agentId: r.agentId, name: r.name };
    const value = await previous(where, r);
    await upsertEnv(sql, {
      agentId: r.agentId,
      name: r.name,
      ...(await encryptValue(where, value)),
    });
  }
  return rows.length;
}
