import { z } from "@hono/zod-openapi";

/** Tag colours are the kit's badge tones, so a tag looks the same on every page. */
export const TAG_COLOURS = ["gray", "blue", "green", "amber", "red", "purple", "teal"] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

export const ObjectType = z.enum(["file", "folder"]);
export type ObjectType = z.infer<typeof ObjectType>;

export const TagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: z.enum(TAG_COLOURS),
}).openapi("DocumentTag");

export const TagList = z.object({ items: z.array(TagSchema) }).openapi("DocumentTagList");

export const CreateTagBody = z.object({
  name: z.string().trim().min(1).max(60),
  colour: z.enum(TAG_COLOURS).default("gray"),
}).openapi("CreateDocumentTag");

export const ObjectTagsBody = z.object({
  tagIds: z.array(z.uuid()).max(50).openapi({
    description: "The object's whole set of tags (replaces what it had)",
  }),
}).openapi("DocumentObjectTags");

export const TagQuery = z.object({
  tagId: z.uuid().openapi({ param: { name: "tagId", in: "query" } }),
});

/** A file or folder carrying a tag (the caller may see it). */
export const TaggedItem = z.object({
  kind: ObjectType,
  id: z.uuid(),
  name: z.string(),
  folderId: z.uuid().nullable(),
}).openapi("DocumentTaggedItem");
