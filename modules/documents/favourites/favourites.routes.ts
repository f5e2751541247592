import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { FavouriteList, FavouriteState } from "./favourites.schemas.ts";

const tags = ["documents"];
const read = requirePermission("documents.file.read");

export const listFavouritesRoute = createRoute({
  operationId: "listDocumentFavourites",
  method: "get",
  path: "/favourites",
  tags,
  summary: "The caller's favourite files and folders (personal), newest first",
  middleware: [read] as const,
  responses: { 200: jsonResponse(FavouriteList, "Favourites"), ...errorResponses(401, 403) },
});

const favouriteRoutes = (type: "file" | "folder", plural: "files" | "folders") => {
  const Name = type === "file" ? "File" : "Folder";
  const one = (method: "put" | "delete", verb: string) =>
    createRoute({
      operationId: `${method === "put" ? "add" : "remove"}Document${Name}Favourite`,
      method,
      path: `/${plural}/{id}/favourite`,
      tags,
      summary: `${verb} a ${type} ${method === "put" ? "to" : "from"} the caller's favourites`,
      middleware: [read] as const,
      request: { params: IdParam },
      responses: {
        200: jsonResponse(FavouriteState, "The state now"),
        ...errorResponses(400, 401, 403, 404),
      },
    });
  return { put: one("put", "Add"), delete: one("delete", "Remove") };
};

export const fileFavouriteRoutes = favouriteRoutes("file", "files");
export const folderFavouriteRoutes = favouriteRoutes("folder", "folders");
