import type { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import type { MenuEntry } from "../../shared/modules.ts";
import { placeholderModule } from "../placeholder.tsx";

/** The module's pages, mounted at /documents. */
export function documentsPages(menu: MenuEntry[]): Hono<AppEnv> {
  return placeholderModule({ name: "documents", icon: "▤", permissions: [], menu }).pages;
}
