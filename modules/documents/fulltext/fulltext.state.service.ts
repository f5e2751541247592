import type { Actor } from "../../../shared/http/actor.ts";
import { loadAccess } from "../access/access.service.ts";
import { visibleFile } from "../files/files.service.ts";
import { indexState } from "./fulltext.repo.ts";
import type { TextIndex } from "./fulltext.schemas.ts";

/** A visible file's text index state (pending until a first row exists). */
export async function textIndex({ sql, session }: Actor, id: string): Promise<TextIndex> {
  const access = await loadAccess({ sql, session });
  await visibleFile({ sql }, { access, id });
  const state = await indexState(sql, id);
  return state ?? { status: "pending", reason: null, truncated: false, extractedAt: null };
}
