import { z } from "@hono/zod-openapi";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { SLUG_PATTERN } from "./kb.lib.ts";

export const KbLocaleSchema = z.enum(["en", "tr"]).openapi("SupportKbLocale");
export const KbStatusSchema = z.enum(["draft", "published"]).openapi("SupportKbStatus");
export const KbVisibilitySchema = z.enum(["internal", "public"]).openapi("SupportKbVisibility");

/** One language version of an article; an empty title means "not written in this language". */
export const KbVersionSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Markdown; rendered sanitised (no raw HTML, no script). Images: `![alt](kb-image:<fileId>)`. */
  body: z.string(),
}).openapi("SupportKbVersion");

export const KbVersionInput = z.object({
  title: z.string().trim().max(200).default(""),
  description: z.string().trim().max(500).default(""),
  body: z.string().max(100_000).default(""),
}).openapi("SupportKbVersionInput");

export const KbRelatedSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  status: KbStatusSchema,
  visibility: KbVisibilitySchema,
}).openapi("SupportKbRelated");

export const KbArticleSchema = z.object({
  id: z.uuid(),
  categoryId: z.uuid().nullable(),
  slug: z.string(),
  status: KbStatusSchema,
  visibility: KbVisibilitySchema,
  en: KbVersionSchema,
  tr: KbVersionSchema,
  related: z.array(KbRelatedSchema),
  helpfulCount: z.number().int(),
  notHelpfulCount: z.number().int(),
  solvedCount: z.number().int(),
  /** The help centre's address (path) while the article is public and published. */
  publicUrl: z.string().nullable(),
  sourceTicketId: z.uuid().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("SupportKbArticle");
export type KbArticle = z.infer<typeof KbArticleSchema>;

const Slug = z.string().trim().toLowerCase().regex(
  SLUG_PATTERN,
  "Lower-case letters, digits and dashes",
);

export const KbArticleInput = z.object({
  categoryId: z.uuid().nullable().default(null),
  /** Made from the title when left out. */
  slug: Slug.optional(),
  visibility: KbVisibilitySchema.default("internal"),
  en: KbVersionInput.default({ title: "", description: "", body: "" }),
  tr: KbVersionInput.default({ title: "", description: "", body: "" }),
  relatedIds: z.array(z.uuid()).max(20).default([]),
}).openapi("SupportKbArticleInput");
export type KbArticleInput = z.infer<typeof KbArticleInput>;

export const KbArticleUpdate = z.object({
  categoryId: z.uuid().nullable(),
  slug: Slug,
  visibility: KbVisibilitySchema,
  en: KbVersionInput,
  tr: KbVersionInput,
  relatedIds: z.array(z.uuid()).max(20),
}).partial().openapi("SupportKbArticleUpdate");
export type KbArticleUpdate = z.infer<typeof KbArticleUpdate>;

export const KbArticleList = pageSchema(KbArticleSchema, "SupportKbArticleList");

export const KbArticleQuery = PageQuery.extend({
  status: KbStatusSchema.optional().openapi({ param: { name: "status", in: "query" } }),
  visibility: KbVisibilitySchema.optional().openapi({
    param: { name: "visibility", in: "query" },
  }),
  categoryId: z.uuid().optional().openapi({ param: { name: "categoryId", in: "query" } }),
});

export const KbCategorySchema = z.object({
  id: z.uuid(),
  name: z.object({ en: z.string(), tr: z.string() }),
  description: z.object({ en: z.string(), tr: z.string() }),
  position: z.number().int(),
  articleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("SupportKbCategory");
export type KbCategory = z.infer<typeof KbCategorySchema>;

const Pair = (max: number) =>
  z.object({
    en: z.string().trim().max(max).default(""),
    tr: z.string().trim().max(max).default(""),
  });

export const KbCategoryInput = z.object({
  name: Pair(120),
  description: Pair(500).default({ en: "", tr: "" }),
  position: z.number().int().min(0).max(100_000).default(0),
}).openapi("SupportKbCategoryInput");
export type KbCategoryInput = z.infer<typeof KbCategoryInput>;

export const KbCategoryList = z.object({ items: z.array(KbCategorySchema) }).openapi(
  "SupportKbCategoryList",
);

export const KbSearchQuery = z.object({
  q: z.string().trim().min(1).max(200).openapi({ param: { name: "q", in: "query" } }),
  locale: KbLocaleSchema.default("en").openapi({ param: { name: "locale", in: "query" } }),
  /** `public`: only what the help centre shows; `all` (default): internal and drafts too. */
  scope: z.enum(["all", "public"]).default("all").openapi({
    param: { name: "scope", in: "query" },
  }),
  limit: z.coerce.number().int().min(1).max(50).default(10).openapi({
    param: { name: "limit", in: "query" },
  }),
});

export const KbSearchHitSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  /** The title, escaped, matches in `<mark>`. */
  titleHtml: z.string(),
  /** Escaped text around the match, matches in `<mark>`. */
  snippetHtml: z.string(),
  /** The help-centre path of the article (served only while public and published). */
  url: z.string(),
  lang: KbLocaleSchema,
  status: KbStatusSchema,
  visibility: KbVisibilitySchema,
  updatedAt: z.string(),
}).openapi("SupportKbSearchHit");
export const KbSearchResult = z.object({ items: z.array(KbSearchHitSchema) }).openapi(
  "SupportKbSearchResult",
);

export const KbFromCommentInput = z.object({
  ticketId: z.uuid(),
  commentId: z.uuid(),
}).openapi("SupportKbFromCommentInput");

export const KbImageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Paste into the body: `![name](kb-image:<id>)`. */
  markdown: z.string(),
}).openapi("SupportKbImage");
export const KbImageList = z.object({ items: z.array(KbImageSchema) }).openapi(
  "SupportKbImageList",
);

export const KbReportQuery = z.object({
  from: z.iso.date().optional().openapi({ param: { name: "from", in: "query" } }),
  to: z.iso.date().optional().openapi({ param: { name: "to", in: "query" } }),
});

export const KbReportRowSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  status: KbStatusSchema,
  visibility: KbVisibilitySchema,
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  solved: z.number().int(),
}).openapi("SupportKbReportRow");
export type KbReportRow = z.infer<typeof KbReportRowSchema>;
export const KbReport = z.object({
  items: z.array(KbReportRowSchema),
  totals: z.object({
    helpful: z.number().int(),
    notHelpful: z.number().int(),
    solved: z.number().int(),
  }),
}).openapi("SupportKbReport");

export const KbArticleParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const KbImageParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  fileId: z.uuid().openapi({ param: { name: "fileId", in: "path" } }),
});
