/**
 * Pieces of the external task tests and bench: BPMN with external service tasks, a worker's
 * API token (a service account's token scoped to workflow.external.work) and its calls.
 */
import assert from "node:assert/strict";
import { callApp, type TestTenant, unique } from "../helpers.ts";

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:camunda="http://camunda.org/schema/1.0/bpmn"`;

export const API = "/api/workflow/external-tasks";

/** A process wrapped around `body` (elements and flows), without a diagram. */
export const bpmn = (key: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d_${key}" ` +
  `targetNamespace="t"><bpmn:process id="${key}" name="Process ${key}" isExecutable="true">` +
  `${body}</bpmn:process></bpmn:definitions>`;

const flow = (id: string, from: string, to: string) =>
  `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/**
 * start → external service task `work` (topic) → user task `after` → end, optionally with an
 * error boundary event `caught` (errorCode) on the task leading to user task `handled`.
 */
export function externalProcess(
  key: string,
  topic: string,
  opts: { errorCode?: string; extraAttrs?: string; io?: string } = {},
) {
  const boundary = opts.errorCode
    ? `<bpmn:boundaryEvent id="caught" attachedToRef="work">` +
      `<bpmn:errorEventDefinition errorRef="err"/></bpmn:boundaryEvent>` +
      `<bpmn:userTask id="handled" name="Handled"/><bpmn:endEvent id="end2"/>` +
      flow("f4", "caught", "handled") + flow("f5", "handled", "end2")
    : "";
  const xml = bpmn(
    key,
    `<bpmn:startEvent id="start"/>` +
      `<bpmn:serviceTask id="work" name="Work" camunda:type="external" camunda:topic="${topic}"` +
      ` ${opts.extraAttrs ?? ""}>${opts.io ?? ""}</bpmn:serviceTask>` +
      `<bpmn:userTask id="after" name="After"/>` +
      `<bpmn:endEvent id="end"/>` + boundary +
      flow("f1", "start", "work") + flow("f2", "work", "after") + flow("f3", "after", "end"),
  );
  return opts.errorCode
    ? xml.replace(
      "<bpmn:process",
      `<bpmn:error id="err" name="Err" errorCode="${opts.errorCode}"/><bpmn:process`,
    )
    : xml;
}

/** Deploys through the API as the owner; answers the definition's id. */
export async function deployBpmn(t: TestTenant, xml: string): Promise<string> {
  const res = await t.owner.call("POST", "/api/workflow/admin/process", { xml, deploy: true });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.id;
}

export async function startProcess(
  t: TestTenant,
  key: string,
  variables: Record<string, unknown> = {},
  businessKey?: string,
): Promise<string> {
  const res = await t.owner.call("POST", "/api/workflow/process", {
    key,
    variables,
    ...(businessKey ? { businessKey } : {}),
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.id;
}

/** A service account's API token scoped to `scopes` (default: the worker permission). */
export async function workerToken(
  t: TestTenant,
  scopes = ["workflow.external.work"],
): Promise<string> {
  const account = await (await t.owner.call("POST", "/api/admin/service-accounts", {
    name: unique("worker"),
    role: "admin",
  })).json();
  const res = await t.owner.call("POST", `/api/admin/service-accounts/${account.id}/tokens`, {
    name: "worker",
    scopes,
    expiresInDays: 7,
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.token;
}

/** A worker: calls with its token under its own worker id. */
export function worker(token: string, workerId: string) {
  const call = (method: string, path: string, body?: unknown) =>
    callApp(path, { method, body, token });
  return {
    workerId,
    call,
    async fetch(
      topics: string[],
      opts: { max?: number; lockMs?: number; wait?: number; variables?: string[] } = {},
    ) {
      const res = await call("POST", `${API}/fetch-and-lock`, {
        workerId,
        maxTasks: opts.max ?? 10,
        asyncResponseTimeout: opts.wait ?? 0,
        topics: topics.map((topicName) => ({
          topicName,
          lockDuration: opts.lockMs ?? 60_000,
          ...(opts.variables ? { variables: opts.variables } : {}),
        })),
      });
      const body = await res.json();
      assert.equal(res.status, 200, JSON.stringify(body));
      return body as {
        id: string;
        topicName: string;
        processInstanceId: string;
        activityId: string;
        businessKey: string | null;
        variables: Record<string, unknown>;
        lockExpirationTime: string;
        retries: number | null;
        priority: number;
      }[];
    },
    answer(id: string, what: string, body: Record<string, unknown> = {}) {
      return call("POST", `${API}/${id}/${what}`, { workerId, ...body });
    },
  };
}
