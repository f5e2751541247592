/** The explore page's sources: the tenant's tables with the fields a query can name. */
import type { Actor } from "../../../shared/http/actor.ts";
import type { ResultColumn } from "../query/query.types.schemas.ts";
import { selectTableColumns } from "./explore.repo.ts";

const TYPES = ["text", "number", "boolean", "date", "datetime"];

export async function tenantTables(
  actor: Actor,
): Promise<{ id: string; name: string; fields: ResultColumn[] }[]> {
  const rows = await selectTableColumns(actor.sql);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    fields: (Array.isArray(r.columns) ? r.columns : [])
      .filter((c) => typeof c?.name === "string" && TYPES.includes(c.type))
      .map((c) => ({ name: c.name, label: c.label || c.name, type: c.type })),
  }));
}
