import { tableRepo } from "../common/table.repo.ts";
import type { Contact } from "./contacts.schemas.ts";

export const contactsRepo = tableRepo<Contact>({
  table: "support_contacts",
  columns: ["companyId", "name", "email", "phone", "title"],
  sort: "lower(name)",
  search: ["name", "email", "phone"],
});
