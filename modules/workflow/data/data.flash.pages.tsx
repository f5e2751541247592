/**
 * A failed page form as a message people can read: validation paths become field labels
 * (never field names or codes) and the rule messages are translated.
 */
import { type Flash, type FlashStatus, problemFlash } from "../../../shared/http/pages.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { knownKey, type MessageKey } from "../../../shared/i18n/i18n.ts";
import type { Translate } from "../../../ui/context.ts";
import type { FieldDef } from "./data.schemas.ts";

const TOP: Record<string, MessageKey> = {
  key: "workflow.data.key",
  name: "workflow.data.name",
  description: "workflow.data.modelDescription",
  titleField: "workflow.data.titleField",
};

export function dataFlash(
  t: Translate,
  err: unknown,
  fields: FieldDef[] = [],
): { flash: Flash; status: FlashStatus } {
  if (!(err instanceof Problem) || !err.errors?.length) return problemFlash(err);
  const where = (path: string) => {
    const [head, second] = path.split(".");
    if (head === "data") return fields.find((f) => f.name === second)?.label ?? "";
    if (head === "fields" && /^\d+$/.test(second ?? "")) {
      return t("workflow.data.field", { n: Number(second) + 1 });
    }
    return TOP[head] ? t(TOP[head]) : "";
  };
  const text = err.errors.map((e) => {
    const message = t(knownKey(`workflow.data.err.${e.message}`, "workflow.data.err.invalid"));
    const label = where(e.path);
    return label ? `${label}: ${message}` : message;
  }).join("; ");
  return { flash: { kind: "error", text }, status: err.status as FlashStatus };
}
