/**
 * External data sources: created and changed only after a live check (public or allowlisted
 * host, SELECT-only account), passwords sealed and write-only, every change audited.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { operatorAllowlist } from "./sources.config.lib.ts";
import { type Target, withSource } from "./sources.engine.repo.ts";
import {
  deleteSource,
  findSource,
  insertSource,
  newSourceId,
  selectSources,
  setStatus,
  sourceNameTaken,
  type SourceWrite,
  updateSource,
} from "./sources.repo.ts";
import type { Source, SourceInput, SourcePatch } from "./sources.schemas.ts";
import { loadTarget, sealPassword } from "./sources.target.service.ts";

/** What the audit log keeps of a source: never the password. */
const auditView = (s: Source | null) =>
  s && {
    name: s.name,
    engine: s.engine,
    host: s.host,
    port: s.port,
    database: s.database,
    username: s.username,
  };

export async function listSources(actor: Actor): Promise<{ items: Source[] }> {
  return { items: await selectSources(actor.sql) };
}

export async function getSource(actor: Actor, id: string): Promise<Source> {
  const s = await findSource(actor.sql, id);
  if (!s) throw problems.notFound("No such data source.");
  return s;
}

async function mustBeFreeName(actor: Actor, name: string, id: string) {
  if (await sourceNameTaken(actor.sql, name, id)) {
    throw problems.conflict("A data source with this name exists.");
  }
}

/** Connects with every safety rule; refused (422) before anything is stored. */
async function check(target: Target) {
  return await withSource(target, operatorAllowlist(), (c) => c.info());
}

export async function createSource(actor: Actor, input: SourceInput): Promise<Source> {
  const info = await check({ ...input, ssl: input.options.ssl });
  const id = newSourceId();
  const sealed = input.password
    ? await sealPassword(actor, { id, password: input.password })
    : null;
  const write: SourceWrite = { ...input, serverVersion: info.version, sizeBytes: info.sizeBytes };
  await mustBeFreeName(actor, input.name, id);
  await insertSource(actor.sql, id, write, sealed, actor.session.userId);
  const after = (await findSource(actor.sql, id))!;
  await recordActivity(actor, {
    module: "analytics",
    entityType: "source",
    entityId: id,
    action: "created",
    summary: `Added the data source ${after.name}`,
    after: auditView(after),
  });
  return after;
}

export async function patchSource(
  actor: Actor,
  { id, patch }: { id: string; patch: SourcePatch },
): Promise<Source> {
  const { source, target } = await loadTarget(actor, id);
  const options = { ...source.options, ...patch.options };
  const next: Target = {
    engine: source.engine,
    host: patch.host ?? source.host,
    port: patch.port ?? source.port,
    database: patch.database ?? source.database,
    username: patch.username ?? source.username,
    password: patch.password ?? target.password,
    ssl: options.ssl,
  };
  const info = await check(next);
  const sealed = patch.password === undefined
    ? undefined
    : patch.password
    ? await sealPassword(actor, { id, password: patch.password })
    : null;
  await mustBeFreeName(actor, patch.name ?? source.name, id);
  await updateSource(actor.sql, id, {
    ...next,
    name: patch.name ?? source.name,
    options,
    serverVersion: info.version,
    sizeBytes: info.sizeBytes,
  }, sealed);
  const after = (await findSource(actor.sql, id))!;
  await recordActivity(actor, {
    module: "analytics",
    entityType: "source",
    entityId: id,
    action: "updated",
    summary: `Changed the data source ${after.name}`,
    before: auditView(source),
    after: auditView(after),
  });
  return after;
}

export async function removeSource(actor: Actor, id: string): Promise<void> {
  const before = await getSource(actor, id);
  await deleteSource(actor.sql, id);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "source",
    entityId: id,
    action: "deleted",
    summary: `Removed the data source ${before.name}`,
    before: auditView(before),
  });
}

/** Connects now and records the outcome; a refusal is a result here, not an error. */
export async function testSource(actor: Actor, id: string) {
  const { target } = await loadTarget(actor, id);
  let result;
  try {
    const info = await check(target);
    result = {
      status: "ok" as const,
      detail: "",
      serverVersion: info.version,
      sizeBytes: info.sizeBytes,
    };
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    const unreachable = /cannot be reached|cannot be resolved|sign-in/.test(err.message);
    result = {
      status: unreachable ? "unreachable" as const : "refused" as const,
      detail: err.message,
      serverVersion: null,
      sizeBytes: null,
    };
  }
  await setStatus(actor.sql, id, result);
  return result;
}

/** GET /database: each source with engine, version, size and status, checked now. */
export async function databaseOverview(actor: Actor) {
  const sources = await selectSources(actor.sql);
  const items = [];
  for (const s of sources) {
    const r = await testSource(actor, s.id);
    items.push({
      id: s.id,
      name: s.name,
      engine: s.engine,
      version: r.serverVersion ?? s.serverVersion,
      sizeBytes: r.sizeBytes ?? s.sizeBytes,
      status: r.status,
      detail: r.detail,
    });
  }
  return { items };
}
