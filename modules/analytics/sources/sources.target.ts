/** A stored source turned into a connection target, its password opened only here. */
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decryptValue, encryptValue, type Sealed } from "../../automation/public.ts";
import type { Limits, Target } from "./sources.engine.ts";
import { findSealed, findSource } from "./sources.repo.ts";
import type { Source, SourceOptions } from "./sources.schemas.ts";

/** Binds a password's ciphertext to its tenant and source (the owner slot of the AAD). */
const SEAL_OWNER = "analytics-sources";

export const sealPassword = (tenantId: string, id: string, password: string): Promise<Sealed> =>
  encryptValue({ tenantId, agentId: SEAL_OWNER, name: id }, password);

export const limitsOf = (o: SourceOptions): Limits => ({
  timeoutMs: o.statementTimeoutMs,
  rowCap: o.rowCap,
});

export async function loadTarget(
  sql: Sql,
  id: string,
): Promise<{ source: Source; target: Target; limits: Limits }> {
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
