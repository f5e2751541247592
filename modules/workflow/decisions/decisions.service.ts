/**
 * Decision tables: deploy DMN files in versions, list and read them, delete the ones no
 * process uses, and evaluate a decision (the API's test call and business rule tasks).
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { compileDmn, DECISION_KEY } from "./decisions.compile.lib.ts";
import {
  type DecisionRow,
  deleteDecision,
  findDecision,
  insertVersion,
  processesUsing,
  selectLatest,
  versionsOf,
} from "./decisions.repo.ts";
import { DecisionError, evaluateTable, type Row } from "./decisions.rules.ts";
import { templateDmn } from "./decisions.template.lib.ts";
import type { Decision, DecisionDetail, Evaluation } from "./decisions.schemas.ts";

const summary = ({ table, ...r }: DecisionRow): Decision => ({
  ...r,
  hitPolicy: table.hitPolicy,
  ruleCount: table.rules.length,
});

export async function listDecisions(actor: Actor): Promise<{ items: Decision[] }> {
  return { items: (await selectLatest(actor.sql)).map(summary) };
}

async function mustFind(sql: Sql, key: string, version?: number) {
  const found = DECISION_KEY.test(key) ? await findDecision(sql, key, version) : null;
  if (!found) throw problems.notFound("No such decision table.");
  return found;
}

export async function getDecision(
  actor: Actor,
  { key, version }: { key: string; version?: number },
): Promise<DecisionDetail> {
  const found = await mustFind(actor.sql, key, version);
  return {
    ...summary(found),
    xml: found.xml,
    table: found.table,
    versions: await versionsOf(actor.sql, key),
  };
}

/** A 422 listing every reason (also as `errors` so forms and the editor can show them). */
const refused = (reasons: string[]) =>
  new Problem(
    422,
    "business-rule",
    "Unprocessable Content",
    reasons.join(" "),
    reasons.map((message) => ({ path: "xml", message })),
  );

/** Deploys every decision of the file as a new version of its key. */
export async function deployDmn(actor: Actor, xml: string): Promise<{ items: Decision[] }> {
  const compiled = await compileDmn(xml);
  if (compiled.problems.length) throw refused(compiled.problems);
  const items: Decision[] = [];
  for (const d of compiled.decisions) {
    const { version } = await insertVersion(actor.sql, {
      key: d.key,
      name: d.name,
      xml,
      table: d.table,
      userId: actor.session.userId,
    });
    const row = (await findDecision(actor.sql, d.key, version))!;
    items.push(summary(row));
    await recordActivity(actor, {
      module: "workflow",
      entityType: "decision",
      entityId: d.key,
      action: version === 1 ? "created" : "deployed",
      summary: `Deployed version ${version} of the decision table ${d.name}`,
      after: { key: d.key, name: d.name, version, hitPolicy: d.table.hitPolicy },
    });
  }
  return { items };
}

/** Deletes every version of a decision no deployed process names. */
export async function removeDecision(actor: Actor, key: string): Promise<void> {
  const found = await mustFind(actor.sql, key);
  const users = await processesUsing(actor.sql, key);
  if (users.length) {
    throw problems.conflict(
      `The decision table is used by the process${users.length > 1 ? "es" : ""} ${
        users.join(", ")
      }.`,
    );
  }
  await deleteDecision(actor.sql, key);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "decision",
    entityId: key,
    action: "deleted",
    summary: `Deleted the decision table ${found.name}`,
    before: { key, name: found.name, version: found.version },
  });
}

/** A decision that does not exist (business rule tasks turn it into an incident). */
export class MissingDecision extends Error {}

/**
 * Evaluates the decision's latest (or given) version against the variables. Throws
 * MissingDecision, or DecisionError when the table cannot answer.
 */
export async function evaluateLatest(
  actor: SystemActor,
  { key, vars, version }: { key: string; vars: Row; version?: number },
): Promise<Evaluation> {
  const { sql } = actor;
  const found = DECISION_KEY.test(key) ? await findDecision(sql, key, version) : null;
  if (!found) {
    throw new MissingDecision(
      version
        ? `There is no version ${version} of the decision table ${key}.`
        : `There is no decision table ${key}.`,
    );
  }
  return {
    key,
    version: found.version,
    hitPolicy: found.table.hitPolicy,
    ...evaluateTable(found.table, vars),
  };
}

/** POST /decisions/{key}/evaluate: 404 when missing, 422 when the table cannot answer. */
export async function evaluateDecision(
  actor: Actor,
  { key, input }: { key: string; input: { variables: Row; version?: number } },
): Promise<Evaluation> {
  try {
    return await evaluateLatest(actor, { key, vars: input.variables, version: input.version });
  } catch (err) {
    if (err instanceof MissingDecision) throw problems.notFound(err.message);
    if (err instanceof DecisionError) throw problems.unprocessable(err.message);
    throw err;
  }
}

/** A new decision from the template table; refuses a reference already in use. */
export async function createFromTemplate(
  actor: Actor,
  input: { key: string; name: string },
): Promise<Decision> {
  const key = input.key.trim();
  const name = input.name.trim();
  const errors = [
    ...(DECISION_KEY.test(key) ? [] : [{
      path: "key",
      message: "Letters, digits, _ . - only, starting with a letter or _ (at most 128)",
    }]),
    ...(name && name.length <= 200 ? [] : [{ path: "name", message: "A name is required" }]),
  ];
  if (errors.length) throw problems.validation(errors);
  if (await findDecision(actor.sql, key)) {
    throw problems.conflict(`A decision table with the reference ${key} exists already.`);
  }
  const [created] = (await deployDmn(actor, templateDmn(key, name))).items;
  return created;
}
