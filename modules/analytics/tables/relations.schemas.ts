/** Relations between tables and built-in datasets (left.field = right.field): their shapes. */
import { z } from "@hono/zod-openapi";
import { plainText } from "./tables.schemas.ts";

export const RelSource = z.discriminatedUnion("kind", [
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

export const RelationList = z.object({ items: z.array(RelationSchema) }).openapi(
  "AnalyticsRelations",
);
