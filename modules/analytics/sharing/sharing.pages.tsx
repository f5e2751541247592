/**
 * /analytics/sheets/{sheetId}/share — the Share dialog's panel (an htmx fragment, or a page of
 * its own without script) and its forms; /analytics/embedding — the administrators' page for
 * the embedding secret and the origins allowed to frame embeds.
 */
import type { Hono } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  isHtmx,
  one,
  problemFlash,
  readForm,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { page } from "../../../ui/render.tsx";
import { ReaderContext } from "../../../ui/context.ts";
import { appOrigin } from "../../../platform/identity/public.ts";
import { APP_WRITE, SHEET_READ } from "../apps/access.rules.ts";
import {
  canManageEmbedding,
  createPublicLink,
  embedKeyId,
  embedSettings,
  putEmbedOrigins,
  revokePublicLink,
  rotateEmbedSecret,
  setSheetEmbed,
  sheetSharing,
} from "./sharing.service.ts";
import { embedSnippet } from "./sharing.rules.ts";
import { EMBEDDING_PAGE, EmbeddingSettings, SharePanel, sharePath } from "./sharing.view.tsx";

const originOf = (c: C) => appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);

function fragment(c: C, vnode: VNode, status: Status = 200) {
  const reader = {
    locale: c.var.locale ?? "en",
    timeZone: c.var.timeZone ?? "UTC",
    now: Date.now(),
  };
  return c.html(
    renderToString(<ReaderContext.Provider value={reader}>{vnode}</ReaderContext.Provider>),
    status,
  );
}

async function panel(
  c: C,
  sheetId: string,
  extra: { flash?: Flash; newUrl?: string; status?: Status } = {},
) {
  const actor = actorOf(c);
  const { links, embed } = await sheetSharing(actor, sheetId);
  const keyId = await embedKeyId(actor);
  const vnode = (
    <SharePanel
      sheetId={sheetId}
      links={links}
      embed={embed}
      newUrl={extra.newUrl}
      flash={extra.flash}
      isAdmin={canManageEmbedding(actor)}
      keyId={keyId}
      snippet={keyId ? embedSnippet({ origin: originOf(c), keyId, sheetId }) : null}
    />
  );
  if (isHtmx(c)) return fragment(c, vnode, extra.status);
  return await page(c, t(c.var.locale, "analytics.share.title"), vnode, {
    status: extra.status ?? 200,
  });
}

/** The form's expiry day as the end of that day in UTC (empty: never). */
function expiryOf(day: string): string | null {
  if (!day) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T23:59:59Z`))) {
    throw problems.validation([{ path: "expiresOn", message: "Choose a day." }]);
  }
  return `${day}T23:59:59Z`;
}

async function settingsPage(c: C, extra: { flash?: Flash; secret?: string; status?: Status } = {}) {
  const settings = await embedSettings(actorOf(c));
  return await page(
    c,
    t(c.var.locale, "analytics.embed.title"),
    <EmbeddingSettings settings={settings} secret={extra.secret} flash={extra.flash} />,
    { status: extra.status ?? 200, description: t(c.var.locale, "analytics.embed.description") },
  );
}

export function mountSharingPages(app: Hono<AppEnv>) {
  const read = requirePermission(SHEET_READ);
  const admin = requirePermission(APP_WRITE);

  app.get("/sheets/:sheetId/share", read, (c) => panel(c, c.req.param("sheetId")));

  app.post("/sheets/:sheetId/share/links", read, async (c) => {
    const sheetId = c.req.param("sheetId");
    const form = await readForm(c);
    const l = c.var.locale;
    try {
      const password = one(form.password);
      if (password && password.length < 6) {
        throw problems.validation([{
          path: "password",
          message: t(l, "analytics.share.tooShort"),
        }]);
      }
      const created = await createPublicLink(actorOf(c), {
        sheetId,
        origin: originOf(c),
        input: {
          expiresAt: expiryOf(one(form.expiresOn)),
          password: password || undefined,
          allowCsv: one(form.allowCsv) === "1",
        },
      });
      return await panel(c, sheetId, {
        newUrl: created.url,
        flash: { kind: "ok", text: t(l, "analytics.share.linkMade") },
      });
    } catch (err) {
      const { status } = problemFlash(err);
      const text = status === 400 ? t(l, "analytics.share.badInput") : problemFlash(err).flash.text;
      return await panel(c, sheetId, { flash: { kind: "error", text }, status });
    }
  });

  app.post("/sheets/:sheetId/share/links/:id/revoke", read, async (c) => {
    const sheetId = c.req.param("sheetId");
    try {
      await revokePublicLink(actorOf(c), c.req.param("id"));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await panel(c, sheetId, { flash, status });
    }
    return await panel(c, sheetId, {
      flash: { kind: "ok", text: t(c.var.locale, "analytics.share.revoked") },
    });
  });

  app.post("/sheets/:sheetId/share/embed", read, async (c) => {
    const sheetId = c.req.param("sheetId");
    const form = await readForm(c);
    try {
      await setSheetEmbed(actorOf(c), { sheetId, enabled: one(form.enabled) === "1" });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await panel(c, sheetId, { flash, status });
    }
    return await panel(c, sheetId);
  });

  app.get("/embedding", admin, (c) => settingsPage(c));

  app.post("/embedding/secret", admin, async (c) => {
    const made = await rotateEmbedSecret(actorOf(c));
    return await settingsPage(c, {
      secret: made.secret,
      flash: { kind: "ok", text: t(c.var.locale, "analytics.embed.made") },
    });
  });

  app.post("/embedding/origins", admin, async (c) => {
    const form = await readForm(c);
    const origins = one(form.origins).split(/[\s,]+/).filter(Boolean).slice(0, 20);
    try {
      await putEmbedOrigins(actorOf(c), { origins });
    } catch (err) {
      const { status } = problemFlash(err);
      const text = status === 400
        ? t(c.var.locale, "analytics.embed.badOrigin")
        : problemFlash(err).flash.text;
      return await settingsPage(c, { flash: { kind: "error", text }, status });
    }
    return await settingsPage(c, {
      flash: { kind: "ok", text: t(c.var.locale, "analytics.embed.saved") },
    });
  });
}

export { EMBEDDING_PAGE, sharePath };
