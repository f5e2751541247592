/**
 * The sheet's result cache setting from its dashboard (editors): POST
 * /analytics/apps/{appId}/sheets/{sheetId}/cache, then back to the dashboard with its filters.
 * A refused change (not an editor, a value not offered) shows the app's frame with the message.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  attempt,
  backOf,
  one,
  pathId,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { appFrame } from "../apps/apps.pages.tsx";
import { isTtl } from "./cache.rules.ts";
import { setSheetCache } from "./cache.service.ts";

export function mountCachePages(app: Hono<AppEnv>) {
  app.post(
    "/apps/:appId/sheets/:sheetId/cache",
    requirePermission("analytics.sheet.read"),
    async (c) => {
      const appId = pathId(c, "appId"), sheetId = pathId(c, "sheetId");
      const sheetPath = `/analytics/apps/${appId}/sheets/${sheetId}`;
      const form = await readForm(c);
      const done = await attempt(async () => {
        const raw = one(form.ttlSeconds);
        const ttl = /^\d+$/.test(raw) ? Number(raw) : NaN;
        if (!isTtl(ttl)) {
          throw problems.validation([{
            path: "ttlSeconds",
            message: "Choose one of the offered times.",
          }]);
        }
        await setSheetCache(actorOf(c), { sheetId, input: { ttlSeconds: ttl } });
      });
      if (done.ok) return redirectAfterPost(c, backOf(form, sheetPath, sheetPath));
      return await appFrame(c, appId, { sheetId, flash: done.flash, status: done.status });
    },
  );
}
