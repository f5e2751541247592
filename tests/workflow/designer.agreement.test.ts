/**
 * The designer and the engine agree: for everything the designer lets a modeller create (read
 * from its own palette, replace menus and properties panel: designer.offers.ts), a minimal
 * process using it (designer.scenarios.ts) either deploys AND runs to its end through the API,
 * or is refused at deploy naming the element, with the same finding the designer's validation
 * shows before deploying. Nothing the designer offers may deploy and then fail silently.
 */
import assert from "node:assert/strict";
import { itest, newTenant, type TestTenant } from "../helpers.ts";
import { checkDiagram } from "../../modules/workflow/designer/designer.rules.ts";
import { completeTask, inTenant, snapshot } from "./engine.fixtures.ts";
import { drainAll, fireTimers } from "./camunda.fixtures.ts";
import { designerOffers, designerUsesStockMenus, type Offer } from "./designer.offers.ts";
import { scenarioFor } from "./designer.scenarios.ts";
import type { Drive, Scenario } from "./designer.xml.ts";

const API = "/api/workflow";

async function json(res: Response, ok: number[], what: string) {
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${text.slice(0, 400)}`);
  return text ? JSON.parse(text) : null;
}

function driver(t: TestTenant, key: string): Drive {
  const call = async (method: string, path: string, body: unknown, what: string) => {
    const out = await json(await t.owner.call(method, path, body), [200, 201, 202, 204], what);
    await drainAll();
    return out;
  };
  return {
    key,
    async start(variables = {}) {
      return (await call("POST", `${API}/process`, { key, variables, businessKey: key }, "start"))
        .id;
    },
    async task(id, elementId, data = {}) {
      await completeTask(t, id, elementId, data);
      await drainAll();
    },
    async message(messageName, opts = {}) {
      const body = opts.start ? { messageName } : { messageName, businessKey: key };
      await call("POST", `${API}/messages`, body, `message ${messageName}`);
    },
    async signal(name) {
      await call("POST", `${API}/signals`, { name }, `signal ${name}`);
    },
    async timers() {
      await fireTimers(t, 400 * 86_400_000);
    },
    async external(topic) {
      const workerId = `agree-${key}`.slice(0, 60);
      const locked = await call("POST", `${API}/external-tasks/fetch-and-lock`, {
        workerId,
        maxTasks: 1,
        topics: [{ topicName: topic, lockDuration: 60_000 }],
      }, `fetch-and-lock ${topic}`);
      const items = Array.isArray(locked) ? locked : locked?.items ?? [];
      if (items.length !== 1) throw new Error(`fetch-and-lock ${topic}: ${items.length} tasks`);
      await call("POST", `${API}/external-tasks/${items[0].id}/complete`, {
        workerId,
        variables: {},
      }, "complete external task");
    },
    async latest() {
      const rows = await inTenant(
        t,
        (sql) =>
          sql<{ id: string }[]>`select i.id from workflow_instances i
          join workflow_definition_versions v on v.id = i.version_id
          join workflow_definitions d on d.id = v.definition_id
          where d.key = ${key} order by i.started_at desc limit 1`,
      );
      if (!rows[0]) throw new Error(`no instance of ${key} was started`);
      return rows[0].id;
    },
    async deployProcess(xml) {
      await call("POST", `${API}/admin/process`, { xml, deploy: true }, "deploy called process");
    },
    async deployDecision(xml) {
      await call("POST", `${API}/decisions`, { xml }, "deploy decision");
    },
  };
}

/**
 * Disagreements known today, each with what happens instead. The test fails when one of them
 * starts to agree (remove it here) as much as when a new one appears.
 */
const KNOWN_GAPS: Record<string, string> = {};

type Outcome = { offer: string; expect: Scenario["expect"]; got: string; problem?: string };

/** Deploys the scenario and checks the agreement; answers what happened (problem = a failure). */
async function check(o: Offer): Promise<Outcome> {
  const s = scenarioFor(o);
  const t = await newTenant();
  const dr = driver(t, s.key);
  const out: Outcome = { offer: o.source, expect: s.expect, got: "" };
  const designer = await checkDiagram(s.xml);
  try {
    await s.before?.(dr);
  } catch (e) {
    return { ...out, got: "setup failed", problem: String(e) };
  }
  const res = await t.owner.call("POST", `${API}/admin/process`, { xml: s.xml, deploy: true });
  const body = await res.json();
  if (res.status === 422) {
    out.got = "refused";
    const errors = (body.errors ?? []) as { path: string; message: string }[];
    const named = errors.filter((e) => e.path === s.subject);
    if (s.expect === "runs") {
      return {
        ...out,
        problem: `expected to run; refused: ${
          errors.map((e) => `${e.path}: ${e.message}`).join(" | ")
        }`,
      };
    }
    if (!named.length) {
      return { ...out, problem: `refused without naming ${s.subject}: ${JSON.stringify(errors)}` };
    }
    for (const e of named) {
      const seen = designer.problems.some((p) => p.elementId === e.path && p.message === e.message);
      if (!seen) {
        return { ...out, problem: `the designer's validation does not show "${e.message}"` };
      }
    }
    out.got = `refused: ${named[0].message}`;
    return out;
  }
  if (res.status !== 201) {
    return { ...out, got: `HTTP ${res.status}`, problem: JSON.stringify(body) };
  }
  out.got = "deployed";
  if (designer.problems.length) {
    return {
      ...out,
      problem: `deployed, but the designer reports ${JSON.stringify(designer.problems)}`,
    };
  }
  if (s.expect === "refused" || !s.run) {
    return { ...out, problem: "deployed, but the engine cannot run it (nothing would happen)" };
  }
  let id: string;
  try {
    id = await s.run(dr);
  } catch (e) {
    return { ...out, problem: `deployed; driving it failed: ${(e as Error).message}` };
  }
  const snap = await snapshot(t, id);
  const seen = new Set(snap.history.map((h) => h.elementId));
  const missing = (s.visits ?? []).filter((v) => !seen.has(v));
  if (snap.state !== (s.ends ?? "completed") || snap.incidentCount || missing.length) {
    return {
      ...out,
      got: `deployed, ${snap.state}`,
      problem: `state ${snap.state}, tokens ${snap.tokens.join(",") || "-"}, incidents ${
        snap.incidents.map((i) => i.message).join(" | ") || "-"
      }, not visited ${missing.join(",") || "-"}`,
    };
  }
  out.got = "deployed, ran to its end";
  return out;
}

itest("designer offers: read from the designer's palette, replace menus and panel", async () => {
  assert.ok(designerUsesStockMenus(), "the designer customises its menus: read them here too");
  const offers = await designerOffers();
  const types = new Set(offers.map((o) => o.type));
  // A few the stock palette and menus are known to offer: the reading works.
  for (
    const t of ["bpmn:UserTask", "bpmn:BoundaryEvent", "bpmn:EventBasedGateway", "bpmn:Participant"]
  ) {
    assert.ok(types.has(t), t);
  }
  assert.ok(offers.some((o) => o.eventSubprocess && !o.isInterrupting));
  // Every offer has a scenario (a new bpmn-js option makes this throw until one is written).
  for (const o of offers) assert.equal(scenarioFor(o).subject.length > 0, true);
});

itest("designer and engine agree on every element the designer offers", async () => {
  const results: Outcome[] = [];
  for (const o of await designerOffers()) results.push(await check(o));
  const width = Math.max(...results.map((r) => r.offer.length));
  console.log(
    results.map((r) =>
      `${r.problem ? (r.offer in KNOWN_GAPS ? "gap " : "FAIL") : "ok  "} ${r.offer.padEnd(width)} ${
        r.expect.padEnd(7)
      } ${r.got}${r.problem ? `\n       ${r.problem}` : ""}`
    ).join("\n"),
  );
  const unexpected = results.filter((r) =>
    r.problem ? !r.problem.startsWith(KNOWN_GAPS[r.offer] ?? "\0") : r.offer in KNOWN_GAPS
  );
  assert.equal(
    unexpected.length,
    0,
    `${unexpected.length} unexpected:\n${
      unexpected.map((f) => `${f.offer}: ${f.problem ?? "agrees now: remove it from KNOWN_GAPS"}`)
        .join("\n")
    }`,
  );
});
