/**
 * Saved SQL questions: write (analytics.query.write; on an external source also
 * analytics.source.write, as raw SQL there asks today), list and run (analytics.query.read; on
 * an external source also analytics.source.read). Saving checks the SQL and its parameters
 * without running it; the preview runs unsaved SQL for the editor.
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import {
  deleteQuestion,
  findQuestion,
  insertQuestion,
  newQuestionId,
  questionNameTaken,
  selectQuestions,
  sourceEngine,
  updateQuestion,
} from "./questions.repo.ts";
import { checkQuestion, execute, PREVIEW_ROWS, ROW_CAP } from "./questions.run.service.ts";
import type {
  PreviewInput,
  Question,
  QuestionInput,
  QuestionPatch,
  QuestionResult,
  RunInput,
} from "./questions.schemas.ts";

const SOURCE_READ = "analytics.source.read";
const SOURCE_WRITE = "analytics.source.write";

function requireSourcePermission(actor: Actor, permission: string) {
  if (!hasPermission(actor.session.permissions, permission)) {
    throw problems.forbidden("Questions on external sources need the data sources permission.");
  }
}

async function audit(actor: Actor, id: string, action: string, summary: string) {
  await recordActivity(actor, {
    module: "analytics",
    entityType: "question",
    entityId: id,
    action,
    summary,
  });
}

async function load(actor: SystemActor, id: string): Promise<Question> {
  const q = await findQuestion(actor.sql, id);
  if (!q) throw problems.notFound("No such question.");
  return q;
}

/** For the add-widget dialog: the tenant's questions; target is "tenant" or "external". */
export async function listQuestions(
  actor: SystemActor,
): Promise<{ id: string; name: string; target: string }[]> {
  return (await selectQuestions(actor.sql)).map((q) => ({
    id: q.id,
    name: q.name,
    target: q.target,
  }));
}

/**
 * The columns of a question's result (run with its defaults, no rows read): what a widget over
 * it can group, measure and filter by. label is the column name as the SQL gives it.
 */
export async function questionFields(
  actor: SystemActor,
  id: string,
): Promise<{ name: string; type: string; label: string }[]> {
  const q = await load(actor, id);
  const r = await execute(actor, q, { values: {}, limit: 0, probe: true });
  return r.columns.map((c) => ({ name: c.name, type: c.type, label: c.name }));
}

export async function getQuestions(actor: Actor) {
  return { items: await selectQuestions(actor.sql) };
}

export async function getQuestion(actor: Actor, id: string): Promise<Question> {
  return await load(actor, id);
}

/** The engine the SQL is written for: PostgreSQL for tenant data, else the source's. */
async function dialectOf(actor: Actor, sourceId: string | null | undefined) {
  if (!sourceId) return "postgres" as const;
  const engine = await sourceEngine(actor.sql, sourceId);
  if (!engine) {
    throw problems.validation([{ path: "sourceId", message: "No such data source." }]);
  }
  return engine;
}

async function checked(actor: Actor, id: string, input: QuestionInput) {
  if (input.sourceId) requireSourcePermission(actor, SOURCE_WRITE);
  checkQuestion(input.sql, input.params, await dialectOf(actor, input.sourceId));
  if (await questionNameTaken(actor.sql, input.name, id)) {
    throw problems.conflict(`A question named ${input.name} exists already.`);
  }
  return {
    name: input.name,
    description: input.description ?? "",
    sql: input.sql,
    sourceId: input.sourceId ?? null,
    params: input.params,
  };
}

export async function createQuestion(actor: Actor, input: QuestionInput): Promise<Question> {
  const id = newQuestionId();
  await insertQuestion(actor.sql, id, await checked(actor, id, input), actor.session.userId);
  const q = await load(actor, id);
  await audit(actor, id, "created", q.name);
  return q;
}

export async function patchQuestion(
  actor: Actor,
  { id, patch }: { id: string; patch: QuestionPatch },
): Promise<Question> {
  const before = await load(actor, id);
  if (before.sourceId) requireSourcePermission(actor, SOURCE_WRITE);
  const merged: QuestionInput = {
    name: patch.name ?? before.name,
    description: patch.description ?? before.description,
    sql: patch.sql ?? before.sql,
    sourceId: patch.sourceId === undefined ? before.sourceId : patch.sourceId,
    params: patch.params ?? before.params,
  };
  await updateQuestion(actor.sql, id, await checked(actor, id, merged));
  const q = await load(actor, id);
  await audit(actor, id, "updated", q.name);
  return q;
}

export async function removeQuestion(actor: Actor, id: string): Promise<void> {
  const q = await load(actor, id);
  if (q.sourceId) requireSourcePermission(actor, SOURCE_WRITE);
  await deleteQuestion(actor.sql, id);
  await audit(actor, id, "deleted", q.name);
}

/** Runs a saved question with the given values. */
export async function runQuestion(
  actor: Actor,
  { id, input }: { id: string; input: RunInput },
): Promise<QuestionResult> {
  const q = await load(actor, id);
  if (q.sourceId) requireSourcePermission(actor, SOURCE_READ);
  return await execute(actor, q, {
    values: input.params ?? {},
    limit: Math.min(input.limit ?? PREVIEW_ROWS, ROW_CAP),
  });
}

/** Runs unsaved SQL (the editor's Run button). */
export async function previewQuestion(
  actor: Actor,
  input: PreviewInput,
): Promise<QuestionResult> {
  if (input.sourceId) requireSourcePermission(actor, SOURCE_WRITE);
  await dialectOf(actor, input.sourceId);
  return await execute(actor, {
    sql: input.sql,
    sourceId: input.sourceId ?? null,
    params: input.params,
  }, { values: input.values ?? {}, limit: Math.min(input.limit ?? PREVIEW_ROWS, ROW_CAP) });
}
