/**
 * Serving a sheet without a session: a public link (its token's hash found through a narrow
 * definer function before any tenant is known) or a signed embed (an HS256 JWT whose header
 * `kid` names the workspace; verified with that workspace's sealed secret). Either way the
 * data is read inside that workspace's RLS scope as one restricted principal — the link's
 * creator, or whoever turned embedding on — with their current membership and access to the
 * application, checked on every request, so a revoked link, a person who left or lost access,
 * or a rotated secret stop working at once on every instance. Only the widgets of that one
 * sheet are reachable: any other widget id is 404.
 */
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import type { Database } from "../../../shared/db/database.ts";
import { withScope } from "../../../shared/db/scope.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/modules.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { sha256Hex } from "../../../shared/crypto/bytes.ts";
import { verifyPassword } from "../../../shared/auth/passwords.ts";
import { memberPermissions } from "../../../platform/identity/public.ts";
import { decryptValue } from "../../automation/public.ts";
import { requireSheet } from "../apps/access.service.ts";
import type { SheetRecord } from "../apps/access.rules.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import type { AnalyticsQuery, ResultColumn } from "../query/query.types.schemas.ts";
import {
  eachWidget,
  listWidgets,
  loadWidget,
  widgetData,
  widgetExport,
} from "../dashboard/widgets.service.ts";
import type { FilterQuery, Widget } from "../dashboard/widgets.schemas.ts";
import {
  activeMember,
  lookupEmbedKey,
  lookupLinkToken,
  selectEmbedSettings,
  selectLink,
  selectSheetEmbed,
} from "./sharing.repo.ts";
import {
  type EmbedClaims,
  embedClaims,
  isExpired,
  KEY_ID,
  LINK_TOKEN,
  restrictedPermissions,
} from "./sharing.rules.ts";
import { checkProof } from "./sharing.lib.ts";
import { SEAL_NAME, SEAL_OWNER } from "./sharing.service.ts";

export interface PublicContext {
  db: Database;
  bus: Bus;
  poolSize: number;
  requestId?: string;
}

/** Whose rights the page reads with, and the one sheet it may show. */
export interface Grant {
  tenantId: string;
  principal: string;
  sheetId: string;
  /** Public links: CSV allowed. Embeds: the token's claims. */
  allowCsv: boolean;
  claims?: EmbedClaims;
  expiresAt?: string | null;
}

export interface WidgetBodyData {
  kind: "chart" | "table" | "kpi" | "error";
  option?: Record<string, unknown> | null;
  keys?: string[];
  columns?: ResultColumn[];
  rows?: Record<string, unknown>[];
  kpi?: { value: number | null; previous: number | null; change: number | null } | null;
  message?: string;
}

const gone = () => problems.notFound("This link does not exist or is no longer shared.");

/** The link behind a token: 404 unknown, revoked or expired; 401 when a password is due. */
export async function openLink(
  ctx: Pick<PublicContext, "db">,
  { token, proof, password }: { token: string; proof?: string; password?: string },
): Promise<Grant & { passwordHash: string | null; linkId: string }> {
  if (!LINK_TOKEN.test(token)) throw gone();
  const hash = await sha256Hex(token);
  const found = await withScope(ctx.db.sql, {}, (tx) => lookupLinkToken(tx, hash));
  if (!found) throw gone();
  const link = await withScope(
    ctx.db.sql,
    { tenantId: found.tenantId },
    (tx) => selectLink(tx, found.linkId),
  );
  if (!link || isExpired(link.expiresAt)) throw gone();
  if (link.passwordHash) {
    // The argon2id check runs outside any transaction (it holds the thread for a while).
    const ok = password !== undefined
      ? await verifyPassword(password, link.passwordHash)
      : await checkProof(proof, link.id, link.passwordHash);
    if (!ok) throw problems.unauthorized("This link needs its password.");
  }
  return {
    tenantId: found.tenantId,
    principal: link.createdBy,
    sheetId: link.sheetId,
    allowCsv: link.allowCsv,
    expiresAt: link.expiresAt,
    passwordHash: link.passwordHash,
    linkId: link.id,
  };
}

const refused = (detail = "The embed token is not valid.") => problems.unauthorized(detail);

/**
 * A signed embed token: HS256 only (alg none, another algorithm, a wrong or rotated secret, a
 * changed claim or an expired token are 401), `exp` required; the sheet must be embeddable (403).
 */
export async function openEmbed(
  ctx: Pick<PublicContext, "db">,
  token: string,
): Promise<Grant> {
  let kid: string;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== "HS256" || typeof header.kid !== "string") throw refused();
    kid = header.kid;
  } catch {
    throw refused();
  }
  if (!KEY_ID.test(kid)) throw refused();
  const found = await withScope(ctx.db.sql, {}, (tx) => lookupEmbedKey(tx, kid));
  if (!found) throw refused();
  return await withScope(ctx.db.sql, { tenantId: found.tenantId }, async (tx) => {
    const settings = await selectEmbedSettings(tx);
    if (!settings || settings.keyId !== kid) throw refused();
    let secret: string;
    try {
      secret = await decryptValue(
        { tenantId: found.tenantId, agentId: SEAL_OWNER, name: SEAL_NAME },
        { ciphertext: settings.ciphertext, nonce: settings.nonce, keyId: settings.sealKeyId },
      );
    } catch {
      throw refused("Embedding cannot be verified; make a new embedding secret.");
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
        algorithms: ["HS256"],
        requiredClaims: ["exp"],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) {
        throw refused(
          err instanceof joseErrors.JWTExpired ? "The embed token has expired." : undefined,
        );
      }
      throw err;
    }
    const claims = embedClaims(payload);
    if (!claims) throw refused("The embed token's claims are not valid.");
    const embed = await selectSheetEmbed(tx, claims.sheetId);
    if (!embed) throw problems.forbidden("This sheet is not shared for embedding.");
    return {
      tenantId: found.tenantId,
      principal: embed.enabledBy,
      sheetId: claims.sheetId,
      allowCsv: false,
      claims,
    };
  });
}

/** The frame origins of the workspace behind a grant (the embed page's frame-ancestors). */
export async function embedOrigins(ctx: Pick<PublicContext, "db">, grant: Grant) {
  return await withScope(
    ctx.db.sql,
    { tenantId: grant.tenantId },
    async (tx) => (await selectEmbedSettings(tx))?.origins ?? [],
  );
}

/**
 * Runs `work` as the grant's principal, narrowed to reading analytics, after checking they are
 * still an active member who may view the sheet (404 otherwise: nothing is told).
 */
async function asPrincipal<T>(
  ctx: PublicContext,
  grant: Grant,
  work: (actor: Actor, sheet: SheetRecord) => Promise<T>,
): Promise<T> {
  const scope = { tenantId: grant.tenantId, userId: grant.principal, requestId: ctx.requestId };
  return await withScope(ctx.db.sql, scope, async (tx) => {
    const member = await activeMember(tx, grant.principal);
    const permissions = member ? await memberPermissions(tx, grant.principal) : null;
    if (!member || !permissions) throw gone();
    const session: Session = {
      userId: grant.principal,
      tenantId: grant.tenantId,
      email: member.email,
      name: member.name,
      isOperator: false,
      tenantSlug: "",
      tenantName: "",
      roles: member.roles,
      permissions: restrictedPermissions(permissions),
      exp: 0,
      via: "bearer",
    };
    const actor: Actor = { sql: tx, session, bus: ctx.bus };
    let sheet: SheetRecord;
    try {
      ({ sheet } = await requireSheet(actor, { sheetId: grant.sheetId, level: "view" }));
    } catch (err) {
      if (err instanceof Problem && err.status < 500) throw gone();
      throw err;
    }
    return await work(actor, sheet);
  });
}

/** Fields a locked filter names that a widget's dataset lacks: such a widget shows nothing. */
function missingLocked(widget: Widget, grant: Grant, locale: string): boolean {
  const locked = grant.claims?.params.map(([f]) => f) ?? [];
  const q = widget.query as AnalyticsQuery;
  if (!locked.length || q.source.kind !== "dataset") return false;
  const name = q.source.name;
  const ds = datasetCatalog(locale).find((d) => d.name === name);
  const known = new Set(ds?.fields.map((f) => f.name) ?? []);
  return locked.some((f) => !known.has(f));
}

async function bodyOf(
  actor: Actor,
  widget: Widget,
  { grant, filters, locale, lockedMessage }: {
    grant: Grant;
    filters: FilterQuery;
    locale: string;
    lockedMessage: string;
  },
): Promise<WidgetBodyData> {
  // A locked filter the widget cannot apply would show unfiltered data: show nothing instead.
  if (missingLocked(widget, grant, locale)) return { kind: "error", message: lockedMessage };
  try {
    const d = await widgetData(actor, { id: widget.id, filters, locale });
    if (widget.chartType === "kpi") return { kind: "kpi", kpi: d.kpi };
    if (widget.chartType === "table") return { kind: "table", columns: d.columns, rows: d.rows };
    return { kind: "chart", option: d.option, keys: d.keys, rows: d.rows };
  } catch (err) {
    if (err instanceof Problem && err.status < 500) return { kind: "error", message: err.detail };
    throw err;
  }
}

type View = { filters: FilterQuery; locale: string; lockedMessage: string };

/** The sheet and every widget's data, as the grant's principal. */
export async function publicSheet(ctx: PublicContext, grant: Grant, v: View) {
  return await asPrincipal(ctx, grant, async (actor, sheet) => {
    const { items } = await listWidgets(actor, sheet.id);
    const widgets = await eachWidget(actor, {
      db: ctx.db,
      poolSize: ctx.poolSize,
      requestId: ctx.requestId,
      items,
      work: async (widget, a) => ({
        widget,
        body: await bodyOf(a, widget, { grant, ...v }),
      }),
    });
    return { sheet, widgets };
  });
}

/** One widget of the grant's sheet (404 for any widget of another sheet or workspace). */
async function sheetWidget(actor: Actor, grant: Grant, id: string) {
  try {
    const { widget } = await loadWidget(actor, { id, level: "view" });
    if (widget.sheetId !== grant.sheetId) throw gone();
    return widget;
  } catch (err) {
    if (err instanceof Problem && err.status < 500) throw problems.notFound("No such widget.");
    throw err;
  }
}

export async function publicWidget(ctx: PublicContext, grant: Grant, id: string, v: View) {
  return await asPrincipal(ctx, grant, async (actor) => {
    const widget = await sheetWidget(actor, grant, id);
    return { widget, body: await bodyOf(actor, widget, { grant, ...v }) };
  });
}

/** The widget's rows as CSV data, only where the link allows it (403 otherwise). */
export async function publicExport(ctx: PublicContext, grant: Grant, id: string, v: View) {
  if (!grant.allowCsv) throw problems.forbidden("This link does not allow downloads.");
  return await asPrincipal(ctx, grant, async (actor) => {
    const widget = await sheetWidget(actor, grant, id);
    if (missingLocked(widget, grant, v.locale)) throw problems.notFound("No such widget.");
    return await widgetExport(actor, { id: widget.id, filters: v.filters, locale: v.locale });
  });
}
