import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { loadAccess } from "../access/access.service.ts";
import { visibleFile } from "../files/files.service.ts";
import { thumbState } from "./thumbnails.repo.ts";
import type { ThumbSize } from "./thumbnails.rules.ts";

/** The stored image of a visible file's thumbnail; 404 while there is none. */
export async function thumbnailImage(
  { sql, session }: Actor,
  { id, size }: { id: string; size: ThumbSize },
) {
  const access = await loadAccess({ sql, session });
  await visibleFile({ sql }, { access, id });
  const state = await thumbState(sql, id);
  const key = size === "small" ? state?.smallKey : state?.largeKey;
  if (!state || state.status !== "ready" || !key) {
    throw problems.notFound("This file has no thumbnail.");
  }
  return {
    key,
    etag: `"${state.sha256.slice(0, 32)}-${size}"`,
    sha256: state.sha256,
    width: (size === "small" ? state.smallWidth : state.largeWidth) ?? 0,
    height: (size === "small" ? state.smallHeight : state.largeHeight) ?? 0,
  };
}
