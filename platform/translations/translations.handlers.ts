import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { createRouter } from "../../shared/http/router.ts";
import {
  addLanguage,
  mergedCatalog,
  removeLanguage,
  resetTranslation,
  setTranslation,
} from "./translations.service.ts";
import { type TranslationRoutes, translationRoutes } from "./translations.routes.ts";

type R = TranslationRoutes;

export const getCatalogHandler: RouteHandler<R["getCatalog"], AppEnv> = async (c) => {
  const locale = c.req.valid("query").locale ?? c.var.locale;
  return c.json(await mergedCatalog(actorOf(c), locale), 200);
};

export const putTranslationHandler: RouteHandler<R["putTranslation"], AppEnv> = async (c) => {
  const { locale, key } = c.req.valid("param");
  const { value } = c.req.valid("json");
  const entry = await setTranslation(actorOf(c), { locale, key, value });
  return c.json(entry, 200);
};

export const deleteTranslationHandler: RouteHandler<R["deleteTranslation"], AppEnv> = async (
  c,
) => {
  const { locale, key } = c.req.valid("param");
  return c.json(await resetTranslation(actorOf(c), { locale, key }), 200);
};

export const addLanguageHandler: RouteHandler<R["addLanguage"], AppEnv> = async (c) => {
  return c.json(await addLanguage(actorOf(c), c.req.valid("json")), 201);
};

export const removeLanguageHandler: RouteHandler<R["removeLanguage"], AppEnv> = async (c) => {
  await removeLanguage(actorOf(c), c.req.valid("param").locale);
  return c.body(null, 204);
};

/** Mounts a module's translations routes on its API router (listed in the module's mod.ts). */
export function mountTranslations(module: string, perms: { read: string; write: string }) {
  return (api: OpenAPIHono<AppEnv>) => {
    const r = translationRoutes(module, perms);
    // Language routes first: /translations/languages/de must not read as locale "languages".
    api
      .openapi(r.getCatalog, getCatalogHandler)
      .openapi(r.addLanguage, addLanguageHandler)
      .openapi(r.removeLanguage, removeLanguageHandler)
      .openapi(r.putTranslation, putTranslationHandler)
      .openapi(r.deleteTranslation, deleteTranslationHandler);
  };
}

/** A router with only a module's translations routes (kept for the generic module shape). */
export function translationsApi(module: string, perms: { read: string; write: string }) {
  const api = createRouter();
  mountTranslations(module, perms)(api);
  return api;
}
