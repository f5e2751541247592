import { Badge, type Tone, useT } from "../../../ui/kit.ts";
import type { TextIndex } from "./fulltext.schemas.ts";

const TONES: Record<TextIndex["status"], Tone> = {
  pending: "gray",
  indexed: "green",
  failed: "red",
  unsupported: "gray",
};

/** The file page's line on full-text search: whether its words are found, or why not. */
export function TextIndexFact({ state }: { state: TextIndex }) {
  const t = useT();
  const label = state.status === "indexed" && state.truncated
    ? t("documents.textIndex.truncated")
    : t(`documents.textIndex.${state.status}`);
  return (
    <>
      <dt>{t("documents.textSearch")}</dt>
      <dd>
        <Badge tone={TONES[state.status]}>{label}</Badge>
        {state.reason && (
          <div class="docs-path muted">{t(`documents.textIndex.reason.${state.reason}`)}</div>
        )}
      </dd>
    </>
  );
}
