import type { Sql } from "../../../shared/db/database.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { crudService } from "../common/crud.service.ts";
import { customersRepo, hasTickets, selectCustomerActivity } from "./customers.repo.ts";

export const customersService = crudService(customersRepo, {
  entityType: "customer",
  noun: "customer",
  label: (r) => r.name,
  // Tickets keep their customer: say so instead of failing on the foreign key.
  async beforeDelete(sql, row) {
    if (await hasTickets(sql, row.id)) {
      throw problems.conflict("The customer has tickets; it cannot be deleted.");
    }
  },
});

export async function customerActivity(
  sql: Sql,
  id: string,
  opts: { limit: number; cursor?: string },
) {
  await customersService.get(sql, id);
  const after = decodeCursor(opts.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectCustomerActivity(sql, id, opts.limit, after);
  const page = toPage(rows, opts.limit, (r) => [r.sortAt, r.id]);
  return { items: page.items.map(({ sortAt: _, ...r }) => r), nextCursor: page.nextCursor };
}
