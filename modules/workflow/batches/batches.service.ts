/**
 * Batches as operators ask for them (Camunda 7's batch operations): the query is resolved now
 * (one item per instance, at most MAX_INSTANCES), the batch is queued and worked in the
 * background (batches.run.service.ts); listing, one batch with its failures, and retrying them.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { checkVariables } from "../instances/instances.rules.ts";
import {
  batchFailures,
  type BatchRow,
  definitionKeys,
  findBatch,
  insertBatch,
  matchingInstances,
  pendingCount,
  resetFailed,
  selectBatches,
  versionIdOf,
} from "./batches.repo.ts";
import { checkBatchInput, FAILURES_SHOWN, MAX_INSTANCES, TYPE_STATES } from "./batches.rules.ts";
import type { Batch, BatchDetail, BatchInput, BatchListQuery } from "./batches.schemas.ts";
import { queueBatch } from "./batches.run.service.ts";

const toBatch = ({ input: _i, createdKey: _k, ...b }: BatchRow): Batch => b;

async function detail(actor: Actor, row: BatchRow): Promise<BatchDetail> {
  return {
    ...toBatch(row),
    pending: await pendingCount(actor.sql, row.id),
    failures: await batchFailures(actor.sql, row.id, FAILURES_SHOWN),
  };
}

export async function createBatch(actor: Actor, input: BatchInput): Promise<BatchDetail> {
  const errors = checkBatchInput(input);
  for (const [i, ins] of (input.modification?.instructions ?? []).entries()) {
    if ("variables" in ins && ins.variables) {
      errors.push(
        ...checkVariables(ins.variables).map((e) => ({
          ...e,
          path: e.path.replace("body.variables", `body.modification.instructions.${i}.variables`),
        })),
      );
    }
  }
  if (errors.length) throw problems.validation(errors);
  const q = input.query;
  let toVersionId: string | undefined;
  if (input.migration) {
    toVersionId = await versionIdOf(actor.sql, q.definitionKey!, input.migration.toVersion) ??
      undefined;
    if (!toVersionId) throw problems.notFound("No such version of this process.");
  }
  const items = await matchingInstances(actor.sql, {
    ...q,
    states: q.states ?? TYPE_STATES[input.type],
    notVersionId: toVersionId,
    limit: MAX_INSTANCES + 1,
  });
  if (!items.length) throw problems.unprocessable("No process instance matches the query.");
  if (items.length > MAX_INSTANCES) {
    throw problems.unprocessable(
      `The query selects more than ${MAX_INSTANCES} instances; narrow it down.`,
    );
  }
  const id = uuidv7();
  await insertBatch(actor.sql, {
    id,
    type: input.type,
    query: q,
    input: {
      reason: input.reason,
      migration: input.migration && { ...input.migration, toVersionId },
      modification: input.modification,
    },
    createdBy: actor.session.userId ?? null,
    items,
  });
  await queueBatch(actor.sql, id);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "batch",
    entityId: id,
    action: "created",
    summary: `Batch ${input.type} of ${items.length} process instances`,
  });
  return await detail(actor, (await findBatch(actor.sql, id))!);
}

export const batchProcesses = (actor: Actor) => definitionKeys(actor.sql);

export async function listBatches(actor: Actor, q: BatchListQuery) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]);
  const rows = await selectBatches(actor.sql, { limit: q.limit, after, state: q.state });
  const page = toPage(rows, q.limit, (r) => [r.createdKey, r.id]);
  return { items: page.items.map(toBatch), nextCursor: page.nextCursor };
}

export async function getBatch(actor: Actor, id: string): Promise<BatchDetail> {
  const row = await findBatch(actor.sql, id);
  if (!row) throw problems.notFound("No such batch.");
  return await detail(actor, row);
}

/** Queues the failed instances again (409 when none failed). */
export async function retryBatch(actor: Actor, id: string): Promise<BatchDetail> {
  const row = await findBatch(actor.sql, id, true);
  if (!row) throw problems.notFound("No such batch.");
  if (!row.failed) throw problems.conflict("No instance of this batch failed.");
  const n = await resetFailed(actor.sql, id);
  await queueBatch(actor.sql, id);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "batch",
    entityId: id,
    action: "retried",
    summary: `Batch ${row.type}: retried ${n} failed process instances`,
  });
  return await detail(actor, (await findBatch(actor.sql, id))!);
}
