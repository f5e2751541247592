import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  act,
  type C,
  field,
  type Flash,
  readForm,
  type Status,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { isLocale, t } from "../../../shared/i18n/i18n.ts";
import { html, tr } from "../../../ui/kit.ts";
import { clientAddress, isSameOrigin } from "../../../platform/identity/public.ts";
import { docsPage } from "../common/page.view.tsx";
import { moduleCrumb } from "../common/common.view.tsx";
import { passwordProof } from "../shares/tokens.lib.ts";
import {
  createDrop,
  dropFiles,
  type DropVisit,
  getFolderName,
  listDrops,
  newVisitor,
  type OpenDrop,
  openDrop,
  openedOf,
  revokeDropLink,
  visitorUploads,
} from "./drops.service.ts";
import { dropProofCookie, dropVisitorCookie } from "./drops.lib.ts";
import { type DropPageState, DropPublicPage, DropsPanel } from "./drops.view.tsx";

const MB = 1024 * 1024;

/** A folder's drop links page (after creating one: with the link, shown once). */
async function renderDrops(
  c: C,
  folderId: string,
  flash?: Flash,
  status: Status = 200,
  link?: string,
) {
  const l = c.var.locale;
  const actor = actorOf(c);
  const name = await getFolderName(actor, folderId);
  const { items } = await listDrops(actor, folderId);
  const back = `/documents/folders/${folderId}/drops`;
  return await docsPage(
    c,
    t(l, "documents.drops.pageTitle", { name }),
    <DropsPanel
      folderId={folderId}
      folderName={name}
      drops={items}
      newLink={link}
      flash={flash}
      back={back}
    />,
    {
      status,
      crumbs: [
        moduleCrumb(tr(c)),
        { label: t(l, "page.files"), href: "/documents/files" },
        { label: name, href: `/documents/files?folder=${folderId}` },
      ],
    },
  );
}

/** Whole megabytes from a form field ("" → undefined), or 400. */
function megabytes(c: C, raw: string): number | undefined {
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1024 * 1024) {
    throw problems.badRequest(t(c.var.locale, "documents.drops.sizeError"));
  }
  return n * MB;
}

/** The member side: a folder's links, creating one (from the folder view's dialog), revoking. */
export const mountDropPages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  const read = requirePermission("documents.share.read");
  const write = requirePermission("documents.share.write");
  app
    .get(`/folders/${ID}/drops`, read, (c) => renderDrops(c, c.req.param("id")))
    .post(`/folders/${ID}/drops`, write, (c) => {
      const folderId = c.req.param("id");
      const back = `/documents/folders/${folderId}/drops`;
      return act(c, "/documents", back, async (form) => {
        const l = c.var.locale;
        const expiry = field(form, "expiresAt");
        if (expiry && !/^\d{4}-\d\d-\d\d$/.test(expiry)) {
          throw problems.badRequest(t(l, "documents.error.expiry"));
        }
        const password = field(form, "password");
        if (password && (password.length < 4 || password.length > 200)) {
          throw problems.badRequest(t(l, "documents.error.password"));
        }
        const drop = await createDrop(actorOf(c), {
          folderId,
          body: {
            label: field(form, "label").slice(0, 200) || undefined,
            message: field(form, "message").slice(0, 2000) || undefined,
            // A date means the end of that day (UTC).
            expiresAt: expiry ? `${expiry}T23:59:59Z` : undefined,
            password: password || undefined,
            maxFileBytes: megabytes(c, field(form, "maxFileMb")),
            maxTotalBytes: megabytes(c, field(form, "maxTotalMb")),
          },
        });
        const link = new URL(drop.url, c.req.url).toString();
        return await renderDrops(
          c,
          folderId,
          { kind: "ok", text: t(l, "documents.drops.created") },
          200,
          link,
        );
      }, (_b, f, s) => renderDrops(c, folderId, f, s));
    })
    .post(
      `/drops/${ID}/revoke`,
      write,
      (c) =>
        act(c, "/documents", "/documents/files", async () => {
          await revokeDropLink(actorOf(c), c.req.param("id"));
        }, async (b, f, s) => {
          const folder = b.match(/\/folders\/([0-9a-f-]{36})\/drops/)?.[1];
          if (!folder) throw problems.notFound();
          return await renderDrops(c, folder, f, s);
        }),
    );
};

// ---------------------------------------------------------------------------------------------
// The public page: /drop/:token (no session; the token names the tenant).

/** Public paths of drop links (the manifest's publicPaths; the upload streams). */
export const DROP_PAGE = /^\/drop\/[^/]+$/;
export const DROP_UPLOAD = /^\/drop\/[^/]+\/upload$/;

function pageLocale(c: C) {
  const lang = c.req.query("lang");
  if (isLocale(lang)) c.set("locale", lang);
}

const cookieOpts = (token: string) => ({
  httpOnly: true,
  sameSite: "Lax" as const,
  path: `/drop/${token}`,
  maxAge: 3600 * 12,
});

async function visit(c: C, token: string, password?: string): Promise<DropVisit> {
  return {
    token,
    password,
    proof: getCookie(c, await dropProofCookie(token)),
    address: clientAddress(c),
  };
}

/** The visitor's session cookie (made on first sight): what "your uploads" lists. */
async function visitorOf(c: C, token: string, create: boolean) {
  const name = await dropVisitorCookie(token);
  const have = getCookie(c, name);
  if (have && /^[A-Za-z0-9_-]{43}$/.test(have)) return have;
  if (!create) return undefined;
  const fresh = newVisitor();
  setCookie(c, name, fresh, cookieOpts(token));
  return fresh;
}

function publicView(
  opened: OpenDrop,
  uploads: { name: string; size: number; createdAt: string }[],
) {
  const d = opened.drop;
  return {
    workspace: opened.workspace,
    label: d.label,
    message: d.message,
    maxFileBytes: d.maxFileBytes,
    expiresAt: d.expiresAt,
    uploads,
  };
}

/** The page for a refusal: unknown 404, closed 410, password 200/401/422, throttled 429. */
function refusal(
  c: C,
  token: string,
  err: unknown,
  given: { password?: string; upload?: boolean },
) {
  if (!(err instanceof Problem)) throw err;
  const l = c.var.locale;
  const opened = openedOf(err);
  const page = (state: DropPageState, status: ContentfulStatusCode) =>
    html(c, <DropPublicPage token={token} state={state} />, status);
  if (!opened) return page({ kind: "unknown" }, 404);
  const view = publicView(opened, []);
  if (err.status === 410) return page({ kind: "gone", view }, 410);
  if (err.status === 429) {
    return page({ kind: "password", view, error: t(l, "documents.tooManyAttempts") }, 429);
  }
  if (err.status === 401) {
    if (given.password !== undefined) {
      return page({ kind: "password", view, error: t(l, "documents.wrongPassword") }, 422);
    }
    return page({ kind: "password", view }, given.upload ? 401 : 200);
  }
  throw err;
}

async function openPage(
  c: C,
  token: string,
  opened: OpenDrop,
  flash?: Flash,
  status: Status = 200,
) {
  const { db } = c.var.platform;
  const visitor = await visitorOf(c, token, true);
  const uploads = await visitorUploads({ sql: db.sql }, { opened, visitor });
  return html(
    c,
    <DropPublicPage
      token={token}
      state={{ kind: "open", view: publicView(opened, uploads), flash }}
    />,
    status,
  );
}

const UPLOAD_ERRORS: Record<
  number,
  "documents.drops.tooLarge" | "documents.drops.full" | "documents.drops.badUpload"
> = {
  413: "documents.drops.tooLarge",
  422: "documents.drops.full",
  400: "documents.drops.badUpload",
  409: "documents.drops.full",
};

export function dropPublicPages() {
  return new Hono<AppEnv>()
    .get("/drop/:token", async (c) => {
      pageLocale(c);
      const token = c.req.param("token");
      const sql = c.var.platform.db.sql;
      try {
        const opened = await openDrop({ sql }, await visit(c, token));
        const sent = Number(c.req.query("sent"));
        const flash: Flash | undefined = Number.isInteger(sent) && sent > 0
          ? { kind: "ok", text: t(c.var.locale, "documents.drops.thanks", { count: sent }) }
          : undefined;
        return await openPage(c, token, opened, flash);
      } catch (err) {
        return refusal(c, token, err, {});
      }
    })
    .post("/drop/:token", async (c) => {
      pageLocale(c);
      const token = c.req.param("token");
      // The token is the key, and the form is ours: a post from another site is refused.
      if (!isSameOrigin(c)) throw problems.forbidden("Cross-site request refused.");
      const password = field(await readForm(c), "password");
      const sql = c.var.platform.db.sql;
      try {
        const opened = await openDrop({ sql }, {
          ...(await visit(c, token, password)),
          proof: undefined,
        });
        if (opened.drop.passwordHash) {
          setCookie(
            c,
            await dropProofCookie(token),
            await passwordProof(token, opened.drop.passwordHash),
            cookieOpts(token),
          );
        }
        return c.redirect(`/drop/${token}`, 303);
      } catch (err) {
        return refusal(c, token, err, { password });
      }
    })
    .post("/drop/:token/upload", async (c) => {
      pageLocale(c);
      const token = c.req.param("token");
      if (!isSameOrigin(c)) throw problems.forbidden("Cross-site request refused.");
      const { db, bus, config } = c.var.platform;
      const visitor = (await visitorOf(c, token, true))!;
      try {
        const done = await dropFiles({ sql: db.sql, bus }, {
          visit: await visit(c, token),
          visitor,
          request: c.req.raw,
          config,
        });
        return c.redirect(`/drop/${token}?sent=${done.files.length}`, 303);
      } catch (err) {
        if (!(err instanceof Problem) || ![400, 409, 413, 422].includes(err.status)) {
          return refusal(c, token, err, { upload: true });
        }
        // The link itself is fine: show the page again with what went wrong.
        const opened = await openDrop({ sql: db.sql }, await visit(c, token)).catch(() => null);
        if (!opened) return refusal(c, token, err, { upload: true });
        const text = t(c.var.locale, UPLOAD_ERRORS[err.status]);
        return await openPage(c, token, opened, { kind: "error", text }, err.status as Status);
      }
    });
}
