import { z } from "@hono/zod-openapi";

export const ThumbnailQuery = z.object({
  size: z.enum(["small", "large"]).default("small").openapi({
    param: { name: "size", in: "query" },
    description: "small: fits 256×256 (the grid); large: fits 1024×1024 (the detail view)",
  }),
  v: z.string().max(64).optional().openapi({
    param: { name: "v", in: "query" },
    description: "The content's hash prefix as listed pages give it; with it the image is cached",
  }),
});

export const ThumbnailStateSchema = z.object({
  status: z.enum(["pending", "ready", "failed", "unsupported"]).openapi({
    description: "pending: waiting for the job; ready: images exist; failed: the file could not " +
      "be decoded; unsupported: a type or size that gets no image",
  }),
  small: z.string().nullable().openapi({ description: "URL of the small image, when ready" }),
  large: z.string().nullable().openapi({ description: "URL of the large image, when ready" }),
}).openapi("DocumentThumbnail");
