/**
 * Instance modification as operators ask for it: the instance must be visible (404 otherwise,
 * also for another tenant's id), variables must be reachable names, then the engine applies the
 * instructions in one step (engine/engine.modify.service.ts) and the activity log records it.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { modifyInstance } from "../engine/engine.service.ts";
import { findInstance } from "./instances.repo.ts";
import { checkVariables, engine } from "./instances.rules.ts";
import { viewerOf } from "./instances.service.ts";
import type { ModificationInput } from "./modification.schemas.ts";

export async function modifyProcess(
  actor: Actor,
  { id, instructions, annotation }: ModificationInput & { id: string },
) {
  const errors = instructions.flatMap((ins, i) =>
    "variables" in ins && ins.variables
      ? checkVariables(ins.variables).map((e) => ({
        ...e,
        path: e.path.replace("body.variables", `body.instructions.${i}.variables`),
      }))
      : []
  );
  if (errors.length) throw problems.validation(errors);
  const row = await findInstance(actor.sql, id, viewerOf(actor));
  if (!row) throw problems.notFound("No such process instance.");
  const result = await engine(() =>
    modifyInstance(actor, { instanceId: id, instructions, annotation })
  );
  const what = instructions.map((i) =>
    `${i.type} ${i.activityId ?? ("activityInstanceId" in i ? i.activityInstanceId : "")}`
  );
  await recordActivity(actor, {
    module: "workflow",
    entityType: "process",
    entityId: id,
    action: "modified",
    summary: `Modified ${row.name}: ${what.join(", ")}`,
  });
  return result;
}
