import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { crudService } from "../common/crud.service.ts";
import { customersRepo, hasTickets, selectCustomerActivity } from "./customers.repo.ts";
import type { Customer, CustomerInput, CustomerUpdate } from "./customers.schemas.ts";

export const customersService = crudService<Customer, CustomerInput, CustomerUpdate>(
  customersRepo,
  {
    entityType: "customer",
    noun: "customer",
    label: (r) => r.name,
    // Tickets keep their customer: say so instead of failing on the foreign key.
    async beforeDelete(actor, row) {
      if (await hasTickets(actor.sql, row.id)) {
        throw problems.conflict("The customer has tickets; it cannot be deleted.");
      }
    },
  },
);

/** A page of the tickets, comments and changes around one customer, newest first. */
export async function customerActivity(
  actor: Actor,
  input: { id: string; limit: number; cursor?: string },
) {
  const { id, limit, cursor } = input;
  await customersService.get(actor, id);
  const after = decodeCursor(cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectCustomerActivity(actor.sql, id, limit, after);
  const page = toPage(rows, limit, (r) => [r.sortAt, r.id]);
  return { items: page.items.map(({ sortAt: _, ...r }) => r), nextCursor: page.nextCursor };
}
