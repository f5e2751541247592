import { z } from "@hono/zod-openapi";

/** Longest query: a sentence is enough to find anything; more only costs trigram work. */
export const MAX_QUERY = 100;
/** Fewest letters worth searching for (one letter matches nearly everything). */
export const MIN_QUERY = 2;

export const SearchQuery = z.object({
  q: z.string().trim()
    .min(MIN_QUERY, `Type at least ${MIN_QUERY} characters`)
    .max(MAX_QUERY, `At most ${MAX_QUERY} characters`)
    .openapi({
      param: { name: "q", in: "query" },
      description: "Words to find; case, accents and Turkish i/ı/İ do not matter",
      example: "yazıcı",
    }),
  limit: z.coerce.number().int().min(1).max(20).default(5).openapi({
    param: { name: "limit", in: "query" },
    description: "Most results of each kind (tickets, customers, files, …)",
    example: 5,
  }),
});
export type SearchInput = z.infer<typeof SearchQuery>;

export const SearchHitSchema = z.object({
  kind: z.string().openapi({ example: "ticket" }),
  title: z.string(),
  subtitle: z.string().nullable(),
  href: z.string().openapi({ description: "The page that shows it" }),
}).openapi("SearchHit");

export const SearchGroupSchema = z.object({
  module: z.string().openapi({ example: "support" }),
  label: z.string().openapi({ description: "The module's name in the caller's language" }),
  items: z.array(SearchHitSchema),
}).openapi("SearchGroup");
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

export const SearchResultsSchema = z.object({
  groups: z.array(SearchGroupSchema),
}).openapi("SearchResults");
export type SearchResults = z.infer<typeof SearchResultsSchema>;
