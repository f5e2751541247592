import { actorOf } from "../../../shared/http/actor.ts";
import type { HomeCard } from "../../../shared/modules.ts";
import type { C } from "../../../shared/http/pages.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { latestFiles } from "./home.service.ts";
import { RecentDocumentsCard } from "./home.view.tsx";

const SHOWN = 6;

/**
 * The module's card on the home page: "Recent documents" (files the reader may open, newest
 * first), for readers of files, when there is any.
 */
export async function documentsHome(c: C): Promise<HomeCard[]> {
  if (!hasPermission(c.var.session.permissions, "documents.file.read")) return [];
  const files = await latestFiles(actorOf(c), SHOWN);
  if (files.length === 0) return [];
  return [{ order: 40, node: <RecentDocumentsCard files={files} /> }];
}
