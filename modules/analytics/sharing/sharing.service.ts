/**
 * Managing public links and embedding: who manages the application (access "manage") creates
 * and revokes a sheet's public links and turns embedding on or off; holders of
 * analytics.app.write (owners, admins) make or rotate the workspace's embedding secret and
 * list the origins that may frame embeds.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { randomToken, sha256Hex } from "../../../shared/crypto/bytes.ts";
import { hashPassword } from "../../../shared/auth/passwords.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { encryptValue } from "../../automation/public.ts";
import { APP_WRITE, isUuid } from "../apps/access.rules.ts";
import { requireSheet } from "../apps/access.service.ts";
import {
  deleteLink,
  deleteSheetEmbed,
  insertLink,
  type LinkRow,
  selectEmbedSettings,
  selectLink,
  selectLinks,
  selectSheetEmbed,
  updateEmbedOrigins,
  upsertEmbedSecret,
  upsertSheetEmbed,
} from "./sharing.repo.ts";
import { isExpired, normalOrigin, publicPath } from "./sharing.rules.ts";
import type { CreatePublicLinkInput, EmbedSettings, PublicLink } from "./sharing.schemas.ts";

/** Binds the sealed embedding secret to its tenant (the owner slot of the AAD). */
export const SEAL_OWNER = "analytics-embedding";
export const SEAL_NAME = "secret";

const audit = (actor: Actor, entityId: string, action: string, summary: string) =>
  recordActivity(actor, {
    module: "analytics",
    entityType: "sheet",
    entityId,
    action,
    summary,
  });

const view = ({ passwordHash, ...l }: LinkRow): PublicLink => ({
  ...l,
  hasPassword: passwordHash !== null,
  expired: isExpired(l.expiresAt),
});

/** The sheet's public links and embedding (manage level). */
export async function sheetSharing(actor: Actor, sheetId: string) {
  await requireSheet(actor, { sheetId, level: "manage" });
  const embed = await selectSheetEmbed(actor.sql, sheetId);
  return {
    links: (await selectLinks(actor.sql, sheetId)).map(view),
    embed: {
      enabled: !!embed,
      enabledByName: embed?.enabledByName ?? null,
      enabledAt: embed?.enabledAt ?? null,
    },
  };
}

/** A new public link: its address is answered this once (only the token's hash is kept). */
export async function createPublicLink(
  actor: Actor,
  { sheetId, input, origin }: { sheetId: string; input: CreatePublicLinkInput; origin: string },
) {
  const { sheet } = await requireSheet(actor, { sheetId, level: "manage" });
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt && isExpired(expiresAt)) {
    throw problems.validation([{ path: "expiresAt", message: "Choose a time in the future." }]);
  }
  const token = randomToken();
  const id = uuidv7();
  await insertLink(actor.sql, {
    id,
    sheetId,
    tokenHash: await sha256Hex(token),
    createdBy: actor.session.userId,
    expiresAt,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    allowCsv: input.allowCsv ?? false,
  });
  await audit(actor, sheetId, "shared", `Made a public link to the sheet ${sheet.name}`);
  const link = (await selectLink(actor.sql, id))!;
  return { ...view(link), url: new URL(publicPath(token), origin).toString() };
}

/** Revokes a link: its address answers 404 from the next request on, on every instance. */
export async function revokePublicLink(actor: Actor, id: string) {
  const link = isUuid(id) ? await selectLink(actor.sql, id) : null;
  if (!link) throw problems.notFound("No such public link.");
  try {
    await requireSheet(actor, { sheetId: link.sheetId, level: "manage" });
  } catch (err) {
    if ((err as { status?: number }).status === 404) {
      throw problems.notFound("No such public link.");
    }
    throw err;
  }
  await deleteLink(actor.sql, id);
  await audit(actor, link.sheetId, "unshared", "Revoked a public link to the sheet");
  return link;
}

/** Turns embedding of a sheet on (data read as the caller) or off. */
export async function setSheetEmbed(actor: Actor, { sheetId, enabled }: {
  sheetId: string;
  enabled: boolean;
}) {
  await requireSheet(actor, { sheetId, level: "manage" });
  if (enabled) await upsertSheetEmbed(actor.sql, sheetId, actor.session.userId);
  else await deleteSheetEmbed(actor.sql, sheetId);
  await audit(
    actor,
    sheetId,
    enabled ? "embed-on" : "embed-off",
    enabled ? "Allowed embedding the sheet" : "Stopped embedding the sheet",
  );
  return (await sheetSharing(actor, sheetId)).embed;
}

function requireAdmin(actor: Actor) {
  if (!hasPermission(actor.session.permissions, APP_WRITE)) {
    throw problems.forbidden("Only administrators manage the embedding secret.");
  }
}

/** Whether the caller may manage the embedding secret (the share dialog links there). */
export const canManageEmbedding = (actor: Actor) =>
  hasPermission(actor.session.permissions, APP_WRITE);

export async function embedSettings(actor: Actor): Promise<EmbedSettings> {
  requireAdmin(actor);
  const row = await selectEmbedSettings(actor.sql);
  return {
    configured: !!row,
    keyId: row?.keyId ?? null,
    origins: row?.origins ?? [],
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The key id (public, in every token's header) of this workspace, or null (no secret yet). */
export async function embedKeyId(actor: Actor): Promise<string | null> {
  return (await selectEmbedSettings(actor.sql))?.keyId ?? null;
}

/**
 * Makes a new embedding secret (and key id): shown this once, stored sealed. Tokens signed
 * with the previous secret stop working at once.
 */
export async function rotateEmbedSecret(actor: Actor) {
  requireAdmin(actor);
  const secret = randomToken(32);
  const sealed = await encryptValue(
    { tenantId: actor.session.tenantId, agentId: SEAL_OWNER, name: SEAL_NAME },
    secret,
  );
  await upsertEmbedSecret(actor.sql, {
    keyId: randomToken(18),
    ciphertext: sealed.ciphertext,
    nonce: sealed.nonce,
    sealKeyId: sealed.keyId,
    by: actor.session.userId,
  });
  await recordActivity(actor, {
    module: "analytics",
    entityType: "embedding",
    entityId: actor.session.tenantId,
    action: "rotated",
    summary: "Made a new embedding secret",
  });
  return { ...(await embedSettings(actor)), secret };
}

/** The origins that may frame embeds (each checked and normalised; duplicates dropped). */
export async function putEmbedOrigins(actor: Actor, { origins }: { origins: string[] }) {
  requireAdmin(actor);
  const errors: { path: string; message: string }[] = [];
  const clean = origins.map((o, i) => {
    const n = normalOrigin(o);
    if (!n) errors.push({ path: `origins.${i}`, message: "An origin like https://example.com" });
    return n ?? "";
  });
  if (errors.length) throw problems.validation(errors);
  if (!(await updateEmbedOrigins(actor.sql, [...new Set(clean)], actor.session.userId))) {
    throw problems.unprocessable("Make the embedding secret first.");
  }
  return await embedSettings(actor);
}
