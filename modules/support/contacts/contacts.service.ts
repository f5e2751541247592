import { crudService } from "../common/crud.service.ts";
import { contactsRepo } from "./contacts.repo.ts";
import type { Contact, ContactInput, ContactUpdate } from "./contacts.schemas.ts";

export const contactsService = crudService<Contact, ContactInput, ContactUpdate>(contactsRepo, {
  entityType: "contact",
  noun: "contact",
  label: (r) => r.name,
});
