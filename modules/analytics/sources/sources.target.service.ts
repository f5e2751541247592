/** A stored source turned into a connection target, its password opened only here. */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decryptValue, encryptValue, type Sealed } from "../../automation/public.ts";
import { type Limits, limitsOf, type Target } from "./sources.engine.lib.ts";
import { findSealed, findSource } from "./sources.repo.ts";
import type { Source } from "./sources.schemas.ts";

/** Binds a password's ciphertext to its tenant and source (the owner slot of the AAD). */
const SEAL_OWNER = "analytics-sources";

/** A password sealed for the caller's tenant and this source. */
export function sealPassword(
  actor: Actor,
  { id, password }: { id: string; password: string },
): Promise<Sealed> {
  return encryptValue(
    { tenantId: actor.session.tenantId, agentId: SEAL_OWNER, name: id },
    password,
  );
}

export async function loadTarget(
  actor: SystemActor,
  id: string,
): Promise<{ source: Source; target: Target; limits: Limits }> {
  const { sql } = actor;
  const source = await findSource(sql, id);
  const sealed = source ? await findSealed(sql, id) : null;
  if (!source || !sealed) throw problems.notFound("No such data source.");
  let password = "";
  if (sealed.ciphertext) {
    try {
      password = await decryptValue(
        { tenantId: sealed.tenantId, agentId: SEAL_OWNER, name: id },
        { ciphertext: sealed.ciphertext, nonce: sealed.nonce!, keyId: sealed.keyId ?? "" },
      );
    } catch {
      throw problems.unprocessable("The stored password cannot be opened; enter it again.");
    }
  }
  return {
    source,
    target: {
      engine: source.engine,
      host: source.host,
      port: source.port,
      database: source.database,
      username: source.username,
      password,
      ssl: source.options.ssl,
    },
    limits: limitsOf(source.options),
  };
}
