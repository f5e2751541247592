/**
 * Global variables: tenant-wide named values process expressions and scripts read as
 * `globals.<name>`. Secrets are write-only: sealed on the way in, never returned, opened only
 * inside an engine step (loadGlobals). Every change is audited with secrets masked.
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { decryptValue, encryptValue } from "../../automation/public.ts";
import {
  currentTenantId,
  deleteGlobal,
  findGlobal,
  type GlobalRow,
  selectForEngine,
  selectGlobals,
  updateDescription,
  upsertGlobal,
} from "./globals.repo.ts";
import { auditView, checkValue, isGlobalName } from "./globals.rules.ts";
import type { Global, GlobalInput } from "./globals.schemas.ts";

/** Binds a secret's ciphertext to its tenant and name (the owner slot of Automation's AAD). */
const SEAL_OWNER = "workflow-globals";

export async function listGlobals(actor: Actor): Promise<{ items: Global[] }> {
  return { items: await selectGlobals(actor.sql) };
}

const tenantIdOf = (sql: Sql): Promise<string> => currentTenantId(sql);

function mustBeName(name: string) {
  if (!isGlobalName(name)) {
    throw problems.validation([{
      path: "name",
      message: "Letters, digits and _ only, not starting with a digit (at most 63)",
    }]);
  }
}

/** PUT /globals/{name}: creates or replaces; a secret without a value keeps the stored one. */
export async function putGlobal(
  actor: Actor,
  { name, input }: { name: string; input: GlobalInput },
): Promise<Global> {
  mustBeName(name);
  const { sql } = actor;
  const before = await findGlobal(sql, name, true);
  const keepSecret = input.type === "secret" && input.value === undefined &&
    before?.type === "secret";
  const me = actor.session.userId;
  if (keepSecret) {
    await updateDescription(sql, name, input.description, me);
  } else {
    const checked = checkValue(input.type, input.value);
    if (!checked.ok) throw problems.validation([{ path: "value", message: checked.message }]);
    const sealed = input.type === "secret"
      ? await encryptValue(
        { tenantId: await tenantIdOf(sql), agentId: SEAL_OWNER, name },
        String(checked.value),
      )
      : null;
    await upsertGlobal(sql, {
      name,
      type: input.type,
      value: sealed ? null : checked.value,
      sealed,
      description: input.description,
      updatedBy: me,
    });
  }
  const after = (await findGlobal(sql, name)) as GlobalRow;
  await recordActivity({ sql }, {
    module: "workflow",
    entityType: "global",
    entityId: name,
    action: before ? "updated" : "created",
    summary: before ? `Changed the global variable ${name}` : `Added the global variable ${name}`,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

export async function removeGlobal(actor: Actor, name: string): Promise<void> {
  const before = isGlobalName(name) ? await findGlobal(actor.sql, name, true) : null;
  if (!before) throw problems.notFound("No such global variable.");
  await deleteGlobal(actor.sql, name);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "global",
    entityId: name,
    action: "deleted",
    summary: `Removed the global variable ${name}`,
    before: auditView(before),
  });
}

/**
 * The tenant's globals as one object for an engine step, secrets decrypted. Only expressions
 * and scripts see it; it is never written into process variables by the engine. A secret that
 * cannot be opened (another key, altered row) reads as null.
 */
export async function loadGlobals(system: SystemActor): Promise<Record<string, unknown>> {
  const { sql } = system;
  const out: Record<string, unknown> = {};
  for (const r of await selectForEngine(sql)) {
    if (r.type !== "secret") {
      out[r.name] = r.valueJson === null ? null : JSON.parse(r.valueJson);
      continue;
    }
    try {
      out[r.name] = await decryptValue(
        { tenantId: r.tenantId, agentId: SEAL_OWNER, name: r.name },
        { ciphertext: r.ciphertext!, nonce: r.nonce!, keyId: r.keyId ?? "" },
      );
    } catch {
      out[r.name] = null;
    }
  }
  return out;
}
