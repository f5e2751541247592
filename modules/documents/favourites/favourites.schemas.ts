import { z } from "@hono/zod-openapi";
import { ObjectType } from "../tags/tags.schemas.ts";

export const FavouriteSchema = z.object({
  kind: ObjectType,
  id: z.uuid(),
  name: z.string(),
  folderId: z.uuid().nullable(),
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  updatedAt: z.string(),
  favouredAt: z.string(),
}).openapi("DocumentFavourite");

export const FavouriteList = z.object({ items: z.array(FavouriteSchema) }).openapi(
  "DocumentFavouriteList",
);

export const FavouriteState = z.object({ favourite: z.boolean() }).openapi(
  "DocumentFavouriteState",
);
