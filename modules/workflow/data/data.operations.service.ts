/**
 * The data door inside Workflow: processes, forms and queries read and write records through
 * these functions only, in the caller's tenant-scoped transaction (RLS applies). A process
 * writes as itself: history names its instance, not a person.
 *
 * In BPMN, a service task with camunda:type="external" and a topic `workflow.data.save` (or
 * `.get`, `.find`) runs runDataOperation with the task's FEEL-built input; the record lands in
 * `result` (map `=result.id` to a variable with an output parameter).
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { z } from "@hono/zod-openapi";
import { Problem } from "../../../shared/http/problem.ts";
import * as records from "./data.records.service.ts";
import type { DataRecord } from "./data.schemas.ts";

export type { DataRecord, FieldDef } from "./data.schemas.ts";

/** Creates a record, or changes the fields given of record `id` (no version check). */
export async function saveRecord(
  actor: SystemActor,
  { modelKey, data, opts = {} }: {
    modelKey: string;
    data: Record<string, unknown>;
    opts?: { id?: string; instanceId?: string | null; actorId?: string | null };
  },
): Promise<DataRecord> {
  const model = await records.modelOrNotFound(actor, { key: modelKey, lock: false });
  const by = { actorId: opts.actorId ?? null, instanceId: opts.instanceId ?? null };
  return opts.id
    ? await records.updateRecord(actor, { model, id: opts.id, data, version: null, by })
    : await records.createRecord(actor, { model, data, by });
}

export async function getRecord(
  actor: SystemActor,
  { modelKey, id }: { modelKey: string; id: string },
): Promise<DataRecord | null> {
  const model = await records.modelOrNotFound(actor, { key: modelKey });
  try {
    return await records.readRecord(actor, { model, id });
  } catch (err) {
    if (err instanceof Problem && err.status === 404) return null;
    throw err;
  }
}

/** Newest first; `field` + `value` keep records whose field equals the value. */
export async function findRecords(
  actor: SystemActor,
  { modelKey, opts = {} }: {
    modelKey: string;
    opts?: { q?: string; field?: string; value?: string; limit?: number };
  },
): Promise<DataRecord[]> {
  const model = await records.modelOrNotFound(actor, { key: modelKey });
  const page = await records.listRecords(actor, {
    model,
    query: { ...opts, limit: opts.limit ?? 100 },
  });
  return page.items;
}

const Save = z.object({
  model: z.string(),
  id: z.uuid().optional(),
  data: z.record(z.string(), z.unknown()),
}).strict();
const Get = z.object({ model: z.string(), id: z.uuid() }).strict();
const Find = z.object({
  model: z.string(),
  q: z.string().max(200).optional(),
  field: z.string().max(63).optional(),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String).optional(),
  limit: z.number().int().min(1).max(100).optional(),
}).strict();

function parse<T extends z.ZodType>(schema: T, op: string, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`);
  throw new Error(`invalid input for ${op}: ${issues.join("; ")}`);
}

/**
 * A service task's data operation. Refusals (unknown model, values that do not fit, a
 * missing record) become errors whose message names the field, so the incident says why.
 */
export async function runDataOperation(
  actor: SystemActor,
  { op, input, ctx }: { op: string; input: unknown; ctx: { instanceId: string } },
): Promise<unknown> {
  try {
    switch (op) {
      case "workflow.data.save": {
        const { model, id, data } = parse(Save, op, input);
        return await saveRecord(actor, {
          modelKey: model,
          data,
          opts: { id, instanceId: ctx.instanceId },
        });
      }
      case "workflow.data.get": {
        const { model, id } = parse(Get, op, input);
        return await getRecord(actor, { modelKey: model, id });
      }
      case "workflow.data.find": {
        const { model, ...rest } = parse(Find, op, input);
        return { items: await findRecords(actor, { modelKey: model, opts: rest }) };
      }
      default:
        throw new Error(`unknown operation ${JSON.stringify(op)}`);
    }
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    const details = (err.errors ?? []).map((e) => `${e.path}: ${e.message}`).join("; ");
    throw new Error(`${op}: ${err.detail ?? err.title}${details ? ` (${details})` : ""}`);
  }
}
