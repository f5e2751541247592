/**
 * Rows of the workflow engine's tables written straight in SQL, so the instance read models
 * (lists, instance page, dashboard, search) are tested without the engine.
 */
import { uuidv7 } from "uuidv7";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { ProcessModel } from "../../modules/workflow/common/model.lib.ts";
import { testApp, type TestTenant } from "../helpers.ts";

export async function inTenant<T>(t: TestTenant, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

/** start → Approve (user task) → Book it (service task) → end; the start form has 4 fields. */
export function sampleModel(key = "purchase"): ProcessModel {
  const el = (id: string, type: string, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    type,
    name,
    incoming: [],
    outgoing: [],
    parent: null,
    ...extra,
  });
  return {
    id: key,
    name: "Purchase request",
    startEvents: ["start_1"],
    flows: {},
    elements: {
      start_1: el("start_1", "startEvent", "Request", {
        event: { kind: "none" },
        formFields: [
          { id: "amount", label: "Amount", type: "long", required: true },
          { id: "reason", label: "Reason", type: "string" },
          { id: "urgent", label: "Urgent", type: "boolean" },
          {
            id: "kind",
            label: "Kind",
            type: "enum",
            values: [{ id: "hw", name: "Hardware" }, { id: "sw", name: "Software" }],
          },
          { id: "needed_by", label: "Needed by", type: "date" },
        ],
      }),
      Task_approve: el("Task_approve", "userTask", "Approve purchase"),
      Service_book: el("Service_book", "serviceTask", "Book it"),
      end_1: el("end_1", "endEvent", "Done"),
    },
  } as unknown as ProcessModel;
}

const XML = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x"><bpmn:process id="${key}" isExecutable="true"><bpmn:startEvent id="start_1"/></bpmn:process></bpmn:definitions>`;

/** A definition with `versions` deployed versions (each the sample model). */
export async function seedDefinition(
  t: TestTenant,
  o: {
    key?: string;
    name?: string;
    versions?: number;
    startable?: boolean;
    model?: ProcessModel;
    /** A model per version (1-based order); `model` or the sample otherwise. */
    models?: ((key: string) => ProcessModel)[];
  } = {},
) {
  const key = o.key ?? `purchase_${uuidv7().slice(-6)}`;
  const id = uuidv7();
  const n = o.versions ?? 1;
  const versionIds: string[] = [];
  await inTenant(t, async (tx) => {
    await tx`insert into workflow_definitions (tenant_id, id, key, name, latest_version, startable)
      values (${t.id}, ${id}, ${key}, ${o.name ?? "Purchase request"}, ${n}, ${
      o.startable ?? true
    })`;
    for (let v = 1; v <= n; v++) {
      const vid = uuidv7();
      versionIds.push(vid);
      await tx`insert into workflow_definition_versions (tenant_id, id, definition_id, version,
          name, xml, model)
        values (${t.id}, ${vid}, ${id}, ${v}, ${o.name ?? "Purchase request"}, ${XML(key)},
          ${tx.json((o.models?.[v - 1]?.(key) ?? o.model ?? sampleModel(key)) as never)})`;
    }
  });
  return { id, key, versionIds };
}

export interface SeedInstance {
  name?: string;
  businessKey?: string | null;
  state?: string;
  startedBy?: string | null;
  startedAt?: Date;
  endedAt?: Date | null;
  variables?: Record<string, unknown>;
  version?: number;
}

/** An instance standing at Approve (waiting) with Request done, and its history rows. */
export async function seedInstance(
  t: TestTenant,
  def: { id: string; versionIds: string[] },
  o: SeedInstance = {},
) {
  const id = uuidv7();
  const tokenId = uuidv7();
  const startedAt = o.startedAt ?? new Date();
  await inTenant(t, async (tx) => {
    await tx`insert into workflow_instances (tenant_id, id, definition_id, version_id, business_key,
        name, state, variables, started_by, started_at, ended_at)
      values (${t.id}, ${id}, ${def.id}, ${def.versionIds[(o.version ?? 1) - 1]},
        ${o.businessKey ?? null}, ${o.name ?? "Purchase: laptop"}, ${o.state ?? "active"},
        ${tx.json((o.variables ?? { amount: 1200, first_name: "Ayşe" }) as never)},
        ${o.startedBy === undefined ? t.owner.id : o.startedBy}, ${startedAt},
        ${o.endedAt ?? null})`;
    await tx`insert into workflow_tokens (tenant_id, id, instance_id, element_id, state)
      values (${t.id}, ${tokenId}, ${id}, 'Task_approve', 'waiting')`;
    const at = startedAt.getTime();
    const h = (event: string, el: string | null, ms: number, actor: string | null) =>
      tx`insert into workflow_history (tenant_id, id, instance_id, token_id, element_id,
          element_type, event, actor, at)
        values (${t.id}, ${uuidv7()}, ${id}, ${tokenId}, ${el}, ${
        el ? (el.startsWith("start") ? "startEvent" : "userTask") : null
      }, ${event}, ${actor}, ${new Date(at + ms)})`;
    await h("process.started", null, 1, o.startedBy === undefined ? t.owner.id : o.startedBy);
    await h("element.completed", "start_1", 2, null);
    await h("element.started", "Task_approve", 3, null);
  });
  return { id, tokenId };
}

/** A user task of an instance. */
export async function seedTask(
  t: TestTenant,
  instance: { id: string; tokenId: string },
  o: {
    name?: string;
    assignee?: string | null;
    candidateRoles?: string[];
    state?: string;
    dueAt?: Date | null;
  } = {},
) {
  const id = uuidv7();
  await inTenant(
    t,
    (tx) =>
      tx`insert into workflow_tasks (tenant_id, id, instance_id, token_id, element_id, name, state,
        assignee, candidate_roles, due_at)
      values (${t.id}, ${id}, ${instance.id}, ${instance.tokenId}, 'Task_approve',
        ${o.name ?? "Approve purchase"}, ${o.state ?? (o.assignee ? "claimed" : "created")},
        ${o.assignee ?? null}, ${o.candidateRoles ?? []}, ${o.dueAt ?? null})`,
  );
  return id;
}

/** An open incident on Book it (the token stopped there). */
export async function seedIncident(
  t: TestTenant,
  instance: { id: string },
  elementId = "Service_book",
) {
  const id = uuidv7();
  const tokenId = uuidv7();
  await inTenant(t, async (tx) => {
    await tx`insert into workflow_tokens (tenant_id, id, instance_id, element_id, state)
      values (${t.id}, ${tokenId}, ${instance.id}, ${elementId}, 'incident')`;
    await tx`insert into workflow_incidents (tenant_id, id, instance_id, token_id, element_id,
        kind, message)
      values (${t.id}, ${id}, ${instance.id}, ${tokenId}, ${elementId}, 'service',
        'booking system unreachable')`;
    await tx`update workflow_instances set incident_count = incident_count + 1
      where id = ${instance.id}`;
  });
  return id;
}

/** A runnable model: start (with the sample start form) → one user task → end. */
export function linearModel(key: string, taskId = "Task_approve", taskName = "Approve purchase") {
  const sample = sampleModel(key) as unknown as {
    elements: Record<string, Record<string, unknown>>;
  };
  const el = (id: string, type: string, name: string, incoming: string[], outgoing: string[]) => ({
    id,
    type,
    name,
    incoming,
    outgoing,
    parent: null,
  });
  return {
    id: key,
    name: "Purchase request",
    startEvents: ["start_1"],
    elements: {
      start_1: { ...sample.elements.start_1, incoming: [], outgoing: ["f1"] },
      [taskId]: {
        ...el(taskId, "userTask", taskName, ["f1"], ["f2"]),
        candidateGroups: ["member"],
      },
      end_1: { ...el("end_1", "endEvent", "Done", ["f2"], []), event: { kind: "none" } },
    },
    flows: {
      f1: { id: "f1", name: "", source: "start_1", target: taskId },
      f2: { id: "f2", name: "", source: taskId, target: "end_1" },
    },
  } as unknown as ProcessModel;
}
