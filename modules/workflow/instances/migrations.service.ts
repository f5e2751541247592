/**
 * Migrating running instances from one version of a definition to another (Camunda Cockpit's
 * migration): the plan is checked by the engine in a dry run, then applied in batches of
 * BATCH_SIZE instances. Batches run inside the request's transaction, so a batch the engine
 * refuses rolls every batch back (nothing half-migrated). The engine records each applied
 * batch in workflow_migrations (the audit listed here); the whole run goes to the activity log.
 */
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { migrateInstances, type MigrationReport } from "../engine/engine.service.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import { activitiesOf, batches, engine } from "./instances.rules.ts";
import {
  definitionName,
  definitionVersions,
  migratableDefinitions,
  runningInstances,
  selectMigrations,
} from "./migrations.repo.ts";
import type { MigrationInput, MigrationReportOut } from "./migrations.schemas.ts";

export const BATCH_SIZE = 50;

async function versionsOrFail(actor: Actor, definitionId: string) {
  const name = await definitionName(actor.sql, definitionId);
  if (name === null) throw problems.notFound("No such process definition.");
  return { name, versions: await definitionVersions(actor.sql, definitionId) };
}

/** What the migration screen needs: the definition's versions with their activities. */
export async function migrationSetup(actor: Actor, definitionId: string) {
  const { name, versions } = await versionsOrFail(actor, definitionId);
  return {
    name,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      running: v.running,
      activities: activitiesOf(v.model),
    })),
  };
}

export const migratable = (actor: Actor) => migratableDefinitions(actor.sql);
export const runningOf = (actor: Actor, versionId: string) =>
  runningInstances(actor.sql, versionId);

export async function migrate(
  actor: Actor,
  { definitionId, input }: { definitionId: string; input: MigrationInput },
): Promise<MigrationReportOut> {
  const { name, versions } = await versionsOrFail(actor, definitionId);
  const from = versions.find((v) => v.version === input.fromVersion);
  const to = versions.find((v) => v.version === input.toVersion);
  if (!from || !to) throw problems.notFound("No such version of this process.");
  const found = await runningInstances(actor.sql, from.id, input.instanceIds);
  const ids = found.map((i) => i.id);
  const report: MigrationReportOut = {
    dryRun: input.dryRun,
    applied: false,
    valid: true,
    instanceCount: ids.length,
    problems: (input.instanceIds ?? []).filter((id) => !ids.includes(id)).map((id) => ({
      instanceId: id,
      message: `Not a running instance of version ${input.fromVersion}.`,
    })),
    moves: [],
    batches: [],
  };
  if (!ids.length) {
    throw problems.unprocessable(`No running instances of version ${input.fromVersion}.`);
  }
  const plan = (instanceIds: string[]) => ({
    fromVersionId: from.id,
    toVersionId: to.id,
    mapping: input.mapping,
    instanceIds,
  });
  const add = (index: number, part: string[], r: MigrationReport) => {
    report.problems.push(...r.problems);
    report.moves.push(...r.moves);
    report.batches.push({ index, instanceIds: part, moves: r.moves.length });
  };
  const parts = batches(ids, BATCH_SIZE);
  for (const [i, part] of parts.entries()) {
    add(i, part, await engine(() => migrateInstances(actor, { plan: plan(part), dryRun: true })));
  }
  report.valid = report.problems.length === 0;
  if (input.dryRun || !report.valid) return report;

  report.moves = [];
  report.batches = [];
  for (const [i, part] of parts.entries()) {
    const r = await engine(() => migrateInstances(actor, { plan: plan(part), dryRun: false }));
    if (!r.valid) {
      throw problems.conflict(`Batch ${i + 1} was refused: ${r.problems[0]?.message ?? ""}`);
    }
    add(i, part, r);
  }
  await recordActivity(actor, {
    module: "workflow",
    entityType: "definition",
    entityId: definitionId,
    action: "migrated",
    summary: `Migrated ${ids.length} instances of ${name} from version ${input.fromVersion} ` +
      `to ${input.toVersion}`,
  });
  return { ...report, applied: true };
}

export async function listMigrations(actor: Actor, definitionId: string) {
  if (await definitionName(actor.sql, definitionId) === null) {
    throw problems.notFound("No such process definition.");
  }
  return { items: await selectMigrations(actor.sql, definitionId) };
}
