import { crudService } from "../common/crud.service.ts";
import { contactsRepo } from "./contacts.repo.ts";

export const contactsService = crudService(contactsRepo, {
  entityType: "contact",
  noun: "contact",
  label: (r) => r.name,
});
