import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { act, type C, field, uuidOrNull } from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { fileBack, renderAgain, renderFiles } from "../files/files.pages.tsx";
import { actorOf } from "../../../shared/http/actor.ts";
import { createShare, revoke } from "./shares.service.ts";

/** The share dialog's form, for a file or a folder; the new public link is shown once. */
function shareAction(c: C, targetType: "file" | "folder", id: string) {
  const back = targetType === "file" ? fileBack(id) : `/documents/files?folder=${id}`;
  return act(c, "/documents", back, async (form) => {
    const l = c.var.locale;
    const kind = field(form, "kind") as "public" | "user" | "group";
    if (!["public", "user", "group"].includes(kind)) {
      throw problems.badRequest(t(l, "documents.error.pickKind"));
    }
    const expiry = field(form, "expiresAt");
    if (expiry && !/^\d{4}-\d\d-\d\d$/.test(expiry)) {
      throw problems.badRequest(t(l, "documents.error.expiry"));
    }
    const principalId = kind === "user"
      ? uuidOrNull(field(form, "userId")) ?? ""
      : kind === "group"
      ? field(form, "role")
      : undefined;
    if (kind !== "public" && !principalId) {
      throw problems.badRequest(t(l, "documents.error.pickPrincipal"));
    }
    const level = field(form, "level") === "edit" ? "edit" : "view";
    const password = field(form, "password");
    // The API's rule (NewShareBody): 4 to 200 characters.
    if (password && (password.length < 4 || password.length > 200)) {
      throw problems.badRequest(t(l, "documents.error.password"));
    }
    const share = await createShare(actorOf(c), {
      targetType,
      targetId: id,
      kind,
      principalId,
      level: kind === "public" ? undefined : level,
      // A date means the end of that day (UTC).
      expiresAt: expiry ? `${expiry}T23:59:59Z` : undefined,
      password: kind === "public" ? password || undefined : undefined,
    });
    const link = share.url ? new URL(share.url, c.req.url).toString() : undefined;
    return await renderFiles(
      c,
      back,
      { kind: "ok", text: t(c.var.locale, "documents.shared") },
      200,
      link,
    );
  }, (b, f, s) => renderFiles(c, b, f, s));
}

/** The share dialogs of the files page (a file, or the open folder) and revoking a link. */
export const mountSharePages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  const share = requirePermission("documents.share.write");
  app
    .post(`/files/${ID}/share`, share, (c) => shareAction(c, "file", c.req.param("id")))
    .post(`/folders/${ID}/share`, share, (c) => shareAction(c, "folder", c.req.param("id")))
    .post(
      `/shares/${ID}/revoke`,
      share,
      (c) =>
        act(c, "/documents", "/documents/files", async () => {
          await revoke(actorOf(c), c.req.param("id"));
        }, renderAgain(c)),
    );
};
