import { tableRepo } from "../common/table.repo.ts";
import type { Company } from "./companies.schemas.ts";

export const companiesRepo = tableRepo<Company>({
  table: "support_companies",
  columns: ["name", "email", "phone", "website", "notes", "portalSharedTickets"],
  sort: "lower(name)",
  search: ["name", "email", "phone"],
});
