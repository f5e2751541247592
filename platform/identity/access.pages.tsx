import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, many, pathId, readForm, redirectAfterPost } from "../../shared/http/pages.ts";
import { field, type Flash } from "../../shared/http/form.ts";
import { Problem } from "../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../shared/rbac/permissions.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { page } from "../../ui/kit.ts";
import { clearSessionCookie, clientAddress } from "./authentication.middleware.ts";
import { endOtherSessions, endOwnSession, listOwnSessions } from "./sessions.service.ts";
import * as tokens from "./api-tokens.service.ts";
import { listRoles } from "./admin.service.ts";
import { ApiTokenInput, ServiceAccountInput } from "./access.schemas.ts";
import { AccountsPage, SessionsPanel, TokensPage } from "./access.view.tsx";
import { IdentityStyles } from "./styles.view.tsx";
import "./access.messages.ts";
import "./profile.messages.ts";

const manage = requirePermission("admin.user.write");

/** Flash texts carried over a redirect (?done=…), so a reload never posts again. */
const DONE = {
  ended: "access.sessions.ended",
  revoked: "access.tokens.revokedDone",
  removed: "access.accounts.deleted",
} as const;

function doneFlash(c: C): Flash | undefined {
  const done = c.req.query("done") as keyof typeof DONE | undefined;
  if (done && DONE[done]) return { kind: "ok", text: t(c.var.locale, DONE[done]) };
  const others = c.req.query("others");
  if (others !== undefined) {
    return { kind: "ok", text: t(c.var.locale, "access.sessions.endedOthers", { count: others }) };
  }
  return undefined;
}

async function sessionsPage(c: C) {
  const sessions = await listOwnSessions(actorOf(c));
  return await page(
    c,
    t(c.var.locale, "access.sessions.title"),
    <SessionsPanel sessions={sessions} flash={doneFlash(c)} />,
    { crumbs: [{ label: t(c.var.locale, "profile.title"), href: "/profile" }] },
  );
}

/** The token input of a form: name, checked scopes, and a choice of days or a date. */
function tokenInput(form: Record<string, string | string[]>) {
  const expiry = field(form, "expiry");
  return ApiTokenInput.safeParse({
    name: field(form, "name"),
    scopes: many(form.scopes),
    ...(expiry === "date"
      ? { expiresOn: field(form, "expiresOn") }
      : { expiresInDays: Number(expiry) }),
  });
}

/** The concrete permissions of the catalog a holder may give a token. */
const grantableOf = (c: C, grants: string[]) =>
  c.var.platform.permissions.filter((p) => hasPermission(grants, p));

async function tokensPage(
  c: C,
  opts: { secret?: string; flash?: Flash; status?: 200 | 201 | 400 | 403 } = {},
) {
  const list = await tokens.listPersonalTokens(actorOf(c));
  return await page(
    c,
    t(c.var.locale, "access.tokens.title"),
    <TokensPage
      tokens={list}
      grantable={grantableOf(c, c.var.session.permissions)}
      secret={opts.secret}
      flash={opts.flash ?? doneFlash(c)}
      base="/profile/tokens"
    />,
    {
      status: opts.status ?? 200,
      crumbs: [{ label: t(c.var.locale, "profile.title"), href: "/profile" }],
    },
  );
}

/** A refusal as the form shows it (403: scopes beyond the holder's). */
function refusal(c: C, err: unknown): { flash: Flash; status: 400 | 403 } {
  if (err instanceof Problem && (err.status === 400 || err.status === 403)) {
    return {
      flash: {
        kind: "error",
        text: err.status === 403 ? err.detail ?? "" : t(c.var.locale, "access.tokens.invalid"),
      },
      status: err.status,
    };
  }
  throw err;
}

/** /profile/sessions and /profile/tokens. */
export const accessProfilePages = new Hono<AppEnv>()
  .get("/sessions", (c) => sessionsPage(c))
  .post("/sessions/end-others", async (c) => {
    const ended = await endOtherSessions(actorOf(c), clientAddress(c));
    return redirectAfterPost(c, `/profile/sessions?others=${ended}`);
  })
  .post("/sessions/:id/end", async (c) => {
    const { current } = await endOwnSession(actorOf(c), pathId(c), clientAddress(c));
    if (current) {
      clearSessionCookie(c);
      return redirectAfterPost(c, "/login");
    }
    return redirectAfterPost(c, "/profile/sessions?done=ended");
  })
  .get("/tokens", (c) => tokensPage(c))
  .post("/tokens", async (c) => {
    const parsed = tokenInput(await readForm(c));
    if (!parsed.success) {
      return await tokensPage(c, {
        flash: { kind: "error", text: t(c.var.locale, "access.tokens.invalid") },
        status: 400,
      });
    }
    try {
      const created = await tokens.createPersonalToken(actorOf(c), parsed.data, clientAddress(c));
      return await tokensPage(c, { secret: created.token, status: 201 });
    } catch (err) {
      const r = refusal(c, err);
      // Nothing was written: the page is drawn in a fresh transaction after the rollback.
      return await tokensPage(c, r);
    }
  })
  .post("/tokens/:id/revoke", async (c) => {
    await tokens.revokePersonalToken(actorOf(c), pathId(c), clientAddress(c));
    return redirectAfterPost(c, "/profile/tokens?done=revoked");
  });

async function accountsPage(c: C, flash?: Flash, status: 200 | 400 | 403 = 200) {
  const actor = actorOf(c);
  return await page(
    c,
    t(c.var.locale, "access.accounts.title"),
    <>
      <IdentityStyles />
      <AccountsPage
        accounts={await tokens.listServiceAccounts(actor)}
        roles={await listRoles(actor)}
        flash={flash ?? doneFlash(c)}
      />
    </>,
    { status },
  );
}

async function accountPage(
  c: C,
  opts: { secret?: string; flash?: Flash; status?: 200 | 201 | 400 | 403 } = {},
) {
  const actor = actorOf(c);
  const id = pathId(c);
  const list = await tokens.listServiceAccountTokens(actor, id);
  const account = (await tokens.listServiceAccounts(actor)).find((a) => a.id === id)!;
  const base = `/admin/service-accounts/${id}/tokens`;
  return await page(
    c,
    account.name,
    <>
      <IdentityStyles />
      <TokensPage
        tokens={list}
        grantable={await tokens.grantableForServiceAccount(actor, id, c.var.platform.permissions)}
        secret={opts.secret}
        flash={opts.flash ?? doneFlash(c)}
        base={base}
      />
    </>,
    {
      status: opts.status ?? 200,
      crumbs: [{
        label: t(c.var.locale, "access.accounts.title"),
        href: "/admin/service-accounts",
      }],
    },
  );
}

/** /admin/service-accounts: the workspace's non-person members and their tokens. */
export const serviceAccountPages = new Hono<AppEnv>()
  .get("/service-accounts", manage, (c) => accountsPage(c))
  .post("/service-accounts", manage, async (c) => {
    const form = await readForm(c);
    const parsed = ServiceAccountInput.safeParse({
      name: field(form, "name"),
      role: field(form, "role"),
    });
    const invalid: Flash = { kind: "error", text: t(c.var.locale, "access.accounts.invalid") };
    if (!parsed.success) return await accountsPage(c, invalid, 400);
    try {
      const created = await tokens.createServiceAccount(
        actorOf(c),
        parsed.data,
        clientAddress(c),
      );
      return redirectAfterPost(c, `/admin/service-accounts/${created.id}`);
    } catch (err) {
      if (err instanceof Problem && (err.status === 400 || err.status === 403)) {
        const text = err.status === 403 ? err.detail ?? "" : invalid.text;
        return await accountsPage(c, { kind: "error", text }, err.status);
      }
      throw err;
    }
  })
  .get("/service-accounts/:id", manage, (c) => accountPage(c))
  .post("/service-accounts/:id/delete", manage, async (c) => {
    await tokens.removeServiceAccount(actorOf(c), pathId(c), clientAddress(c));
    return redirectAfterPost(c, "/admin/service-accounts?done=removed");
  })
  .post("/service-accounts/:id/tokens", manage, async (c) => {
    const parsed = tokenInput(await readForm(c));
    if (!parsed.success) {
      return await accountPage(c, {
        flash: { kind: "error", text: t(c.var.locale, "access.tokens.invalid") },
        status: 400,
      });
    }
    try {
      const created = await tokens.createServiceAccountToken(
        actorOf(c),
        pathId(c),
        parsed.data,
        clientAddress(c),
      );
      return await accountPage(c, { secret: created.token, status: 201 });
    } catch (err) {
      return await accountPage(c, refusal(c, err));
    }
  })
  .post("/service-accounts/:id/tokens/:tokenId/revoke", manage, async (c) => {
    const id = pathId(c);
    await tokens.revokeServiceAccountToken(actorOf(c), id, pathId(c, "tokenId"), clientAddress(c));
    return redirectAfterPost(c, `/admin/service-accounts/${id}?done=revoked`);
  });
