import type { z } from "zod";
import { problems } from "../../../shared/http/problem.ts";
import { PutStatusFlowBody } from "./statuses.schemas.ts";
import type { StatusRow, TransitionRow } from "./statuses.schemas.ts";
import { type DefaultStatusKey, flowDisplayNames } from "./statuses.rules.ts";

/** A posted form's fields, as `parseBody({ all: true })` gives them. */
export type Form = Record<string, string | string[]>;

/** One value of a raw form field, trimmed ("" when absent) (as shared/http/pages.ts `one`). */
const one = (v: string | string[] | File | undefined): string =>
  typeof v === "string" ? v.trim() : Array.isArray(v) ? String(v[0] ?? "").trim() : "";
/** Every non-empty value of a raw form field (as shared/http/pages.ts `many`). */
const many = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v ? [v] : []).map((x) => String(x).trim()).filter(Boolean);

/**
 * The flow editor's indexed fields (`name-0`, `category-0`, `order-0`, `remove-0`, `moveTo-0`,
 * one `*-new` row, `allow` = "fromId>toId", `roles-fromId>toId` = "" or roles joined by commas)
 * as the API's body.
 */
export function flowBody(
  f: Form,
  current: { items: StatusRow[]; transitions: TransitionRow[] },
  label?: (key: DefaultStatusKey) => string,
): z.infer<typeof PutStatusFlowBody> {
  // The editor shows default names in the reader's language: one sent back unchanged keeps
  // its stored name, so opening and saving the editor renames nothing.
  const shown = label ? flowDisplayNames(current.items.map((s) => s.name), label) : [];
  const stored = (id: string, name: string) => {
    const i = current.items.findIndex((s) => s.id === id);
    return i >= 0 && shown[i] === name ? current.items[i].name : name;
  };
  const rows = many(f.rows).map((i) => ({
    id: one(f[`id-${i}`]),
    name: stored(one(f[`id-${i}`]), one(f[`name-${i}`])),
    category: one(f[`category-${i}`]),
    order: Number(one(f[`order-${i}`]) || 0),
    remove: one(f[`remove-${i}`]) === "1",
    moveTo: one(f[`moveTo-${i}`]),
  }));
  const kept = rows.filter((r) => !r.remove);
  const fresh = one(f["name-new"])
    ? [{
      id: "",
      name: one(f["name-new"]),
      category: one(f["category-new"]),
      order: Number(one(f["order-new"]) || 999),
      remove: false,
      moveTo: "",
    }]
    : [];
  // Same number: the new status goes first (it is inserted there).
  const ordered = [...kept, ...fresh].sort((a, b) =>
    a.order - b.order || (a.id ? 1 : 0) - (b.id ? 1 : 0)
  );
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  const renamed = (oldName: string) => {
    const id = current.items.find((s) => s.name === oldName)?.id;
    return (id && nameOf.get(id)) || oldName;
  };
  const parsed = PutStatusFlowBody.safeParse({
    statuses: ordered.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      name: r.name,
      category: r.category,
    })),
    transitions: many(f.allow).flatMap((v) => {
      const [from, to] = v.split(">");
      const a = kept.find((r) => r.id === from);
      const b = kept.find((r) => r.id === to);
      // The editor's "who" choice; without one (an older form) the current limit stays.
      const picked = f[`roles-${from}>${to}`];
      const roles = picked !== undefined
        ? one(picked).split(",").map((r) => r.trim()).filter(Boolean)
        : current.transitions.find((x) => x.fromStatusId === from && x.toStatusId === to)
          ?.roles ?? [];
      return a && b ? [{ from: a.name, to: b.name, roles }] : [];
    }),
    moveTasks: rows.filter((r) => r.remove && r.moveTo).map((r) => ({
      from: r.id,
      to: renamed(r.moveTo),
    })),
  });
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}
