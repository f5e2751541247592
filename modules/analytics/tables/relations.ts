/**
 * Relations between tables and built-in datasets (left.field = right.field) that the query
 * builder joins over. Fields are checked to exist: a table's columns, or a dataset's fields as
 * the query door's catalog lists them (an unknown dataset is refused).
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { uuidv7 } from "uuidv7";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type Actor, actorOf } from "../../../shared/http/actor.ts";
import { errorResponses, problems } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { datasetCatalog } from "../query/query.api.ts";
import { findTable } from "./tables.repo.ts";
import { IdParam, plainText, valid } from "./tables.schemas.ts";
import { MODEL_READ, MODEL_WRITE } from "./tables.routes.ts";

const RelSource = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dataset"), name: plainText(100, 1) }),
  z.object({ kind: z.literal("table"), id: z.uuid() }),
]).openapi("AnalyticsRelationSource");
export type RelSource = z.infer<typeof RelSource>;

const Side = z.object({ source: RelSource, field: plainText(100, 1) });

export const RelationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  left: Side,
  right: Side,
  createdAt: z.string(),
}).openapi("AnalyticsRelation");
export type Relation = z.infer<typeof RelationSchema>;

export const RelationInput = z.object({
  name: plainText(120).default(""),
  left: Side,
  right: Side,
}).openapi("AnalyticsRelationInput");
export type RelationInput = z.infer<typeof RelationInput>;

/** The fields a source offers, or null when the source does not exist for this tenant. */
export async function sourceFields(
  actor: Actor,
  source: RelSource,
  locale = "en",
): Promise<{ label: string; fields: { name: string; label: string }[] } | null> {
  if (source.kind === "table") {
    const table = await findTable(actor.sql, source.id);
    return table && { label: table.name, fields: table.columns };
  }
  const dataset = datasetCatalog(locale).find((d) => d.name === source.name);
  return dataset ? { label: dataset.label, fields: dataset.fields } : null;
}

type Raw = {
  id: string;
  name: string;
  leftSource: RelSource;
  leftField: string;
  rightSource: RelSource;
  rightField: string;
  createdAt: string;
};
const toRelation = (r: Raw): Relation => ({
  id: r.id,
  name: r.name,
  left: { source: r.leftSource, field: r.leftField },
  right: { source: r.rightSource, field: r.rightField },
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listRelations(actor: Actor): Promise<{ items: Relation[] }> {
  const rows = await actor.sql<Raw[]>`select id, name, left_source, left_field, right_source,
    right_field, created_at from analytics_relations order by created_at, id limit 500`;
  return { items: rows.map(toRelation) };
}

export async function createRelation(actor: Actor, raw: RelationInput): Promise<Relation> {
  const input = valid(RelationInput, raw);
  const errors: { path: string; message: string }[] = [];
  const names: string[] = [];
  for (const side of ["left", "right"] as const) {
    const { source, field } = input[side];
    const found = await sourceFields(actor, source);
    if (!found) errors.push({ path: `body.${side}.source`, message: "No such table or dataset" });
    else {
      const f = found.fields.find((f) => f.name === field);
      if (!f) errors.push({ path: `body.${side}.field`, message: "No such field" });
      else names.push(`${found.label} › ${f.label}`);
    }
  }
  if (errors.length) throw problems.validation(errors);
  const id = uuidv7();
  const name = input.name || names.join(" = ");
  await actor.sql`insert into analytics_relations (tenant_id, id, name, left_source, left_field,
      right_source, right_field)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${name},
      ${JSON.stringify(input.left.source)}::text::jsonb, ${input.left.field},
      ${JSON.stringify(input.right.source)}::text::jsonb, ${input.right.field})`;
  await recordActivity(actor.sql, {
    module: "analytics",
    entityType: "relation",
    entityId: id,
    action: "created",
    summary: `Defined the relation ${name}`,
  });
  return (await listRelations(actor)).items.find((r) => r.id === id)!;
}

export async function removeRelation(actor: Actor, id: string): Promise<void> {
  const [row] = await actor.sql<{ name: string }[]>`delete from analytics_relations
    where id = ${id} returning name`;
  if (!row) throw problems.notFound("No such relation.");
  await recordActivity(actor.sql, {
    module: "analytics",
    entityType: "relation",
    entityId: id,
    action: "deleted",
    summary: `Removed the relation ${row.name}`,
  });
}

const tags = ["analytics"];
const List = z.object({ items: z.array(RelationSchema) }).openapi("AnalyticsRelations");

export const listRelationsRoute = createRoute({
  operationId: "listAnalyticsRelations",
  method: "get",
  path: "/app-relations",
  tags,
  summary: "Relations between tables and datasets (joins of the query builder)",
  middleware: [requirePermission(MODEL_READ)] as const,
  responses: { 200: jsonResponse(List, "Relations"), ...errorResponses(401, 403) },
});

export const createRelationRoute = createRoute({
  operationId: "createAnalyticsRelation",
  method: "post",
  path: "/app-relations",
  tags,
  summary: "Define left.field = right.field between two tables or datasets",
  middleware: [requirePermission(MODEL_WRITE)] as const,
  request: { body: jsonBody(RelationInput) },
  responses: { 201: jsonResponse(RelationSchema, "Created"), ...errorResponses(400, 401, 403) },
});

export const deleteRelationRoute = createRoute({
  operationId: "deleteAnalyticsRelation",
  method: "delete",
  path: "/app-relations/{id}",
  tags,
  summary: "Remove a relation",
  middleware: [requirePermission(MODEL_WRITE)] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404) },
});

/** /api/analytics/app-relations… */
export function mountRelations(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRelationsRoute, async (c) => c.json(await listRelations(actorOf(c)), 200));
  app.openapi(
    createRelationRoute,
    async (c) => c.json(await createRelation(actorOf(c), c.req.valid("json")), 201),
  );
  app.openapi(deleteRelationRoute, async (c) => {
    await removeRelation(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
