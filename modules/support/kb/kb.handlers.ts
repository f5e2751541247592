import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { uploadOf } from "../attachments/attachments.lib.ts";
import {
  createKbArticleRoute,
  createKbCategoryRoute,
  deleteKbArticleRoute,
  deleteKbCategoryRoute,
  getKbArticleRoute,
  getKbImageRoute,
  kbArticleFromCommentRoute,
  kbReportRoute,
  listKbArticlesRoute,
  listKbCategoriesRoute,
  listKbImagesRoute,
  publishKbArticleRoute,
  searchKbRoute,
  unpublishKbArticleRoute,
  updateKbArticleRoute,
  updateKbCategoryRoute,
  uploadKbImagesRoute,
} from "./kb.routes.ts";
import {
  articleFromComment,
  changeArticle,
  changeCategory,
  createArticle,
  createCategory,
  getArticle,
  kbReport,
  listArticles,
  listCategories,
  removeArticle,
  removeCategory,
  setStatus,
} from "./kb.service.ts";
import { searchArticles } from "./kb.search.service.ts";
import { listImages, openImage, uploadImages } from "./kb.images.service.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

const categories: H<typeof listKbCategoriesRoute> = async (c) =>
  c.json({ items: await listCategories(actorOf(c)) }, 200);
const createCat: H<typeof createKbCategoryRoute> = async (c) =>
  c.json(await createCategory(actorOf(c), c.req.valid("json")), 201);
const updateCat: H<typeof updateKbCategoryRoute> = async (c) =>
  c.json(await changeCategory(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200);
const deleteCat: H<typeof deleteKbCategoryRoute> = async (c) =>
  c.json(await removeCategory(actorOf(c), c.req.valid("param").id), 200);

const list: H<typeof listKbArticlesRoute> = async (c) =>
  c.json(await listArticles(actorOf(c), c.req.valid("query")), 200);
const search: H<typeof searchKbRoute> = async (c) =>
  c.json({ items: await searchArticles(c.var.sql, c.req.valid("query")) }, 200);
const report: H<typeof kbReportRoute> = async (c) =>
  c.json(
    await kbReport(actorOf(c), {
      ...c.req.valid("query"),
      locale: c.var.locale === "tr" ? "tr" : "en",
    }),
    200,
  );
const create: H<typeof createKbArticleRoute> = async (c) =>
  c.json(await createArticle(actorOf(c), c.req.valid("json")), 201);
const fromComment: H<typeof kbArticleFromCommentRoute> = async (c) =>
  c.json(await articleFromComment(actorOf(c), c.req.valid("json")), 201);
const get: H<typeof getKbArticleRoute> = async (c) =>
  c.json(await getArticle(actorOf(c), c.req.valid("param").id), 200);
const update: H<typeof updateKbArticleRoute> = async (c) =>
  c.json(await changeArticle(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200);
const remove: H<typeof deleteKbArticleRoute> = async (c) =>
  c.json(await removeArticle(actorOf(c), c.req.valid("param").id), 200);
const publish: H<typeof publishKbArticleRoute> = async (c) =>
  c.json(await setStatus(actorOf(c), c.req.valid("param").id, "published"), 200);
const unpublish: H<typeof unpublishKbArticleRoute> = async (c) =>
  c.json(await setStatus(actorOf(c), c.req.valid("param").id, "draft"), 200);

// Image routes stream (no request-wide transaction): the services open short ones.
const images: H<typeof listKbImagesRoute> = async (c) => {
  const id = c.req.valid("param").id;
  return c.json({ items: await c.var.scope((tx) => listImages({ sql: tx }, id)) }, 200);
};
const image: H<typeof getKbImageRoute> = async (c) => {
  const { id, fileId } = c.req.valid("param");
  return await openImage(actorOf(c), uploadOf(c), id, fileId) as never;
};

/** A plain route: the body is a stream the Documents service reads itself. */
async function upload(c: C) {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw problems.validation([{ path: "param.id", message: "Invalid UUID" }]);
  return c.json({ items: await uploadImages(actorOf(c), uploadOf(c), id) }, 201);
}

/** The knowledge-base routes of /api/support (fixed paths before `{id}` ones). */
export function mountKb(app: OpenAPIHono<AppEnv>) {
  app.openapi(listKbCategoriesRoute, categories);
  app.openapi(createKbCategoryRoute, createCat);
  app.openapi(updateKbCategoryRoute, updateCat);
  app.openapi(deleteKbCategoryRoute, deleteCat);
  app.openapi(listKbArticlesRoute, list);
  app.openapi(searchKbRoute, search);
  app.openapi(kbReportRoute, report);
  app.openapi(createKbArticleRoute, create);
  app.openapi(kbArticleFromCommentRoute, fromComment);
  app.openapi(getKbArticleRoute, get);
  app.openapi(updateKbArticleRoute, update);
  app.openapi(deleteKbArticleRoute, remove);
  app.openapi(publishKbArticleRoute, publish);
  app.openapi(unpublishKbArticleRoute, unpublish);
  app.openapi(listKbImagesRoute, images);
  app.openapi(getKbImageRoute, image as never);
  app.openAPIRegistry.registerPath(uploadKbImagesRoute);
  app.post("/kb/articles/:id/images", ...uploadKbImagesRoute.middleware, upload);
}
