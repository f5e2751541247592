import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { LOCALE_PATTERN } from "../../shared/i18n/i18n.ts";
import { MAX_EXTRA_LANGUAGES } from "./translations.service.ts";
import { MAX_VALUE_LENGTH } from "./translations.rules.ts";

const localeCode = z.string().regex(LOCALE_PATTERN, "A language code like en, tr, de or pt-BR");

export const LanguageSchema = z.object({
  code: z.string().openapi({ example: "de" }),
  name: z.string().openapi({ example: "Deutsch", description: "The language's own name" }),
  builtin: z.boolean().openapi({ description: "Ships with the platform (en, tr)" }),
}).openapi("TranslationLanguage");

export const CatalogQuery = z.object({
  locale: localeCode.optional().openapi({
    param: { name: "locale", in: "query" },
    example: "tr",
    description: "Language of the catalog; defaults to the caller's language",
  }),
});

export const CatalogSchema = z.object({
  locale: z.string(),
  languages: z.array(LanguageSchema),
  messages: z.record(z.string(), z.string()).openapi({
    description: "Every key with its text: the tenant's override, the built-in text of the " +
      "language, or (missing) the English text",
    example: { "nav.home": "Ana sayfa" },
  }),
}).openapi("TranslationCatalog");

export const KeyParams = z.object({
  locale: localeCode.openapi({ param: { name: "locale", in: "path" }, example: "tr" }),
  key: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, "A message key like nav.home").openapi({
    param: { name: "key", in: "path" },
    example: "nav.home",
  }),
});

export const LocaleParam = z.object({
  locale: localeCode.openapi({ param: { name: "locale", in: "path" }, example: "de" }),
});

export const TranslationBody = z.object({
  value: z.string().min(1).max(MAX_VALUE_LENGTH).openapi({
    example: "Başlangıç",
    description: "The text; `{name}` placeholders must be ones the English message offers",
  }),
}).openapi("TranslationValue");

export const TranslationEntrySchema = z.object({
  locale: z.string(),
  key: z.string(),
  value: z.string(),
  default: z.string().openapi({ description: "The text without this override" }),
  overridden: z.boolean(),
}).openapi("TranslationEntry");

export const LanguageBody = z.object({
  locale: localeCode.openapi({ example: "de" }),
  name: z.string().max(100).optional().openapi({
    example: "Deutsch",
    description: "Defaults to the language's own name derived from the code",
  }),
}).openapi("NewTranslationLanguage");

/** The translations routes of one module (tags and permissions are the module's). */
export function translationRoutes(module: string, perms: { read: string; write: string }) {
  const tags = [module];
  const read = requirePermission(perms.read);
  const write = requirePermission(perms.write);
  return {
    getCatalog: createRoute({
      method: "get",
      operationId: `${module}GetTranslations`,
      path: "/translations",
      tags,
      summary: "Interface languages and the merged message catalog of one language",
      middleware: [read] as const,
      request: { query: CatalogQuery },
      responses: { 200: jsonResponse(CatalogSchema, "Catalog"), ...errorResponses(400, 401, 403) },
    }),
    putTranslation: createRoute({
      method: "put",
      operationId: `${module}PutTranslation`,
      path: "/translations/{locale}/{key}",
      tags,
      summary: "Override one message in one language (a new language code adds the language)",
      description: "Besides the built-in `en` and `tr`, a tenant may add interface languages " +
        "(`de`, `pt-BR`): a well-formed code that is not one of its languages yet is added by " +
        "its first text here, as by POST /translations/languages. At most " +
        `${MAX_EXTRA_LANGUAGES} extra languages (422 beyond); DELETE ` +
        "/translations/languages/{locale} removes one with its texts.",
      middleware: [write] as const,
      request: {
        params: KeyParams,
        body: jsonBody(TranslationBody),
      },
      responses: {
        200: jsonResponse(TranslationEntrySchema, "Stored"),
        ...errorResponses(400, 401, 403, 422),
      },
    }),
    deleteTranslation: createRoute({
      method: "delete",
      operationId: `${module}ResetTranslation`,
      path: "/translations/{locale}/{key}",
      tags,
      summary: "Reset one message to its default",
      middleware: [write] as const,
      request: { params: KeyParams },
      responses: {
        200: jsonResponse(TranslationEntrySchema, "Reset (also when there was no override)"),
        ...errorResponses(400, 401, 403, 422),
      },
    }),
    addLanguage: createRoute({
      method: "post",
      operationId: `${module}AddTranslationLanguage`,
      path: "/translations/languages",
      tags,
      summary: "Add an interface language (untranslated keys show English)",
      middleware: [write] as const,
      request: {
        body: jsonBody(LanguageBody),
      },
      responses: {
        201: jsonResponse(LanguageSchema, "Added (or renamed)"),
        ...errorResponses(400, 401, 403, 422),
      },
    }),
    removeLanguage: createRoute({
      method: "delete",
      operationId: `${module}RemoveTranslationLanguage`,
      path: "/translations/languages/{locale}",
      tags,
      summary: "Remove an added language with all of its texts",
      middleware: [write] as const,
      request: { params: LocaleParam },
      responses: {
        204: { description: "Removed" },
        ...errorResponses(400, 401, 403, 404, 422),
      },
    }),
  };
}

export type TranslationRoutes = ReturnType<typeof translationRoutes>;
