import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../../shared/http/env.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html } from "../../../ui/render.tsx";
import { clientAddress } from "../../../platform/identity/public.ts";
import { PublicPage, type PublicView } from "./public.view.tsx";
import { servePublic } from "./public.service.ts";
import { openPublic } from "./shares.service.ts";
import { passwordProof, proofCookieName } from "./tokens.lib.ts";
import { type C, field, readForm, uuidOrNull } from "../../../shared/http/pages.ts";

async function show(c: C, token: string, password?: string) {
  try {
    const { db, bus } = c.var.platform;
    const out = await servePublic({ sql: db.sql, bus }, {
      token,
      password,
      folderId: uuidOrNull(c.req.query("folder")) ?? undefined,
      proof: getCookie(c, await proofCookieName(token)),
      address: clientAddress(c),
      request: c.req.raw,
    });
    return html(c, <PublicPage token={token} view={out.view as PublicView} />);
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    return denied(c, token, err, password);
  }
}

/**
 * A link that needs (another) password, is locked for wrong ones, or is gone. The password
 * form is a page like any other (200); a wrong password shows it again with the error (422),
 * too many tries are 429, a link that is gone 404. (The API answers 401 for the password.)
 */
function denied(c: C, token: string, err: Problem, password?: string) {
  const l = c.var.locale;
  if (err.status === 401 || err.status === 429) {
    const error = err.status === 429
      ? t(l, "documents.tooManyAttempts")
      : password !== undefined
      ? t(l, "documents.wrongPassword")
      : undefined;
    const status = err.status === 429 ? 429 : error ? 422 : 200;
    return html(c, <PublicPage token={token} needsPassword error={error} />, status);
  }
  return html(c, <PublicPage token={token} error={t(l, "documents.linkGone")} />, 404);
}

/** /s/:token — the public view of a share (no session). */
export function publicPages() {
  return new Hono<AppEnv>()
    .get("/s/:token", (c) => show(c, c.req.param("token")))
    .post("/s/:token", async (c) => {
      const token = c.req.param("token");
      const password = field(await readForm(c), "password");
      try {
        const { share } = await openPublic({ sql: c.var.platform.db.sql }, {
          token,
          password,
          proof: undefined,
          address: clientAddress(c),
        });
        if (share.passwordHash) {
          // Remember the password for this link's downloads (no password kept in the cookie).
          setCookie(
            c,
            await proofCookieName(token),
            await passwordProof(token, share.passwordHash),
            {
              httpOnly: true,
              sameSite: "Lax",
              path: "/",
              maxAge: 3600,
            },
          );
        }
      } catch (err) {
        if (!(err instanceof Problem)) throw err;
        // Answer at once: showing the page would check (and count) the password again.
        return denied(c, token, err, password);
      }
      return await show(c, token, password);
    });
}
