import type { Sql } from "../../../shared/db/database.ts";
import { crudService, type ListInput } from "../common/crud.service.ts";
import { type ContractRow, contractsRepo } from "./contracts.repo.ts";
import type { Contract } from "./contracts.schemas.ts";

/** The contract's state on a given day (YYYY-MM-DD, default today in UTC). */
export function contractStatus(
  row: Pick<ContractRow, "startsOn" | "endsOn" | "reminderDays">,
  today = new Date().toISOString().slice(0, 10),
): Contract["status"] {
  if (today < row.startsOn) return "pending";
  if (today > row.endsOn) return "expired";
  const remindOn = new Date(Date.parse(row.endsOn) - row.reminderDays * 86_400_000)
    .toISOString().slice(0, 10);
  return today >= remindOn ? "expiring" : "active";
}

const withStatus = (r: ContractRow): Contract => ({ ...r, status: contractStatus(r) });

const base = crudService(contractsRepo, {
  entityType: "contract",
  noun: "contract",
  label: (r) => r.name,
});

export const contractsService = {
  async list(sql: Sql, input: ListInput) {
    const page = await base.list(sql, input);
    return { items: page.items.map(withStatus), nextCursor: page.nextCursor };
  },
  get: async (sql: Sql, id: string) => withStatus(await base.get(sql, id)),
  create: async (sql: Sql, input: Record<string, unknown>) =>
    withStatus(await base.create(sql, input)),
  update: async (sql: Sql, id: string, input: Record<string, unknown>) =>
    withStatus(await base.update(sql, id, input)),
  remove: base.remove,
};
