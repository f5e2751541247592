/**
 * Migrating running instances of one version to another: every live token's element must be
 * mapped to an element of the same type in the target version (unmapped ones refuse the plan).
 * A dry run only reports; applying moves the tokens (and their open tasks), re-arms their
 * timers against the target model and audits each batch in workflow_migrations.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { MigrationPlan, MigrationReport } from "./engine.types.lib.ts";
import { boundariesOf } from "./engine.rules.ts";
import { cancelTimersOf, versionModel } from "./engine.repo.ts";
import {
  insertMigration,
  moveTokenTo,
  setInstanceVersion,
  versionById,
} from "./engine.migrate.repo.ts";
import { hooks, Step } from "./engine.step.service.ts";
import { armTimer } from "./elements/events.service.ts";
import { rearmWaiting } from "./elements/messages.service.ts";
import { deleteSubscriptionsOfTokens } from "./engine.subscriptions.repo.ts";

export const MIGRATION_BATCH = 50;

const versionRow = (actor: Actor, id: string) => versionById(actor.sql, id);

export async function migrate(
  actor: Actor,
  { plan, dryRun }: { plan: MigrationPlan; dryRun: boolean },
): Promise<MigrationReport> {
  const report: MigrationReport = { valid: true, problems: [], moves: [] };
  const problem = (p: MigrationReport["problems"][number]) => {
    report.valid = false;
    report.problems.push(p);
  };
  const [from, to] = [
    await versionRow(actor, plan.fromVersionId),
    await versionRow(actor, plan.toVersionId),
  ];
  if (!from || !to) {
    problem({ message: "both versions must exist" });
    return report;
  }
  if (from.definitionId !== to.definitionId) {
    problem({ message: "both versions must belong to the same process" });
    return report;
  }
  const [source, target] = [
    await versionModel(actor.sql, from.id),
    await versionModel(actor.sql, to.id),
  ];
  for (const [a, b] of Object.entries(plan.mapping)) {
    if (!source.elements[a]) {
      problem({ elementId: a, message: `${a} is not in the source version` });
    } else if (!target.elements[b]) {
      problem({ elementId: a, message: `${b} is not in the target version` });
    } else if (source.elements[a].type !== target.elements[b].type) {
      problem({ elementId: a, message: `${a} and ${b} are not the same kind of element` });
    }
  }
  const steps: Step[] = [];
  for (const instanceId of plan.instanceIds) {
    const s = await Step.open(actor, instanceId);
    if (!s) {
      problem({ instanceId, message: "instance not found" });
      continue;
    }
    if (s.instance.versionId !== from.id) {
      problem({ instanceId, message: "the instance runs another version" });
      continue;
    }
    if (s.instance.state !== "active" && s.instance.state !== "suspended") {
      problem({ instanceId, message: "the instance has ended" });
      continue;
    }
    for (const t of s.tokens.values()) {
      const dest = plan.mapping[t.elementId];
      if (!dest) {
        problem({ instanceId, elementId: t.elementId, message: `${t.elementId} is not mapped` });
      } else report.moves.push({ instanceId, from: t.elementId, to: dest });
    }
    steps.push(s);
  }
  if (dryRun || !report.valid) return report;

  for (let i = 0; i < steps.length; i += MIGRATION_BATCH) {
    const batch = steps.slice(i, i + MIGRATION_BATCH);
    for (const s of batch) await moveInstance(actor, s, plan, to.id);
    const ids = batch.map((s) => s.instance.id);
    await insertMigration(actor.sql, {
      definitionId: from.definitionId,
      fromVersionId: from.id,
      toVersionId: to.id,
      mapping: plan.mapping,
      instanceIds: ids,
      results: report.moves.filter((m) => ids.includes(m.instanceId)),
      createdBy: actor.session.userId,
    });
  }
  return report;
}

async function moveInstance(actor: Actor, s: Step, plan: MigrationPlan, toVersionId: string) {
  const moved = [...s.tokens.values()].map((t) => ({ t, to: plan.mapping[t.elementId] }));
  await cancelTimersOf(actor.sql, moved.map((m) => m.t.id));
  await deleteSubscriptionsOfTokens(actor.sql, moved.map((m) => m.t.id));
  for (const { t, to } of moved) {
    await moveTokenTo(actor.sql, t.id, to);
  }
  await setInstanceVersion(actor.sql, s.instance.id, toVersionId);
  // Re-open on the target model: timers are armed as the target version draws them.
  const after = (await Step.open(actor, s.instance.id))!;
  for (const t of after.tokens.values()) {
    const el = after.el(t.elementId);
    // Messages, signals, conditions and event-based gateways listen again on the new model.
    await rearmWaiting(after, t, el);
    if (
      t.state === "waiting" && el.type === "intermediateCatchEvent" && el.event?.kind === "timer"
    ) {
      await armTimer(after, {
        tokenId: t.id,
        elementId: el.id,
        kind: "catch",
        interrupting: true,
        timer: el.event.timer,
        vars: after.varsOf(t),
      });
    } else if (
      t.loopIndex === null && (t.state === "waiting" || t.state === "scope") &&
      boundariesOf(after.model, el.id).length
    ) await hooks.armBoundaries?.(after, t, el);
  }
  after.record(null, "process.migrated", {
    fromVersionId: plan.fromVersionId,
    toVersionId,
    moves: moved.map(({ t, to }) => ({ from: t.elementId, to })),
  });
  await after.run();
}
