import { z } from "@hono/zod-openapi";

export const TextIndexSchema = z.object({
  status: z.enum(["pending", "indexed", "failed", "unsupported"]).openapi({
    description: "pending: waiting for extraction; indexed: the text is searchable; failed: the " +
      "file could not be read as its format; unsupported: a type or size that is not read",
  }),
  reason: z.enum(["type", "too-large", "corrupt", "timeout", "error"]).nullable(),
  truncated: z.boolean().openapi({ description: "Only the beginning of the text is searchable" }),
  extractedAt: z.string().nullable(),
}).openapi("DocumentTextIndex");
export type TextIndex = z.infer<typeof TextIndexSchema>;
