import { crudRoutes } from "../common/crud.routes.ts";
import { ContactInput, ContactQuery, ContactSchema, ContactUpdate } from "./contacts.schemas.ts";

export const contactRoutes = crudRoutes({
  path: "/contacts",
  name: "SupportContact",
  noun: "contact",
  item: ContactSchema,
  create: ContactInput,
  update: ContactUpdate,
  query: ContactQuery,
  read: "support.customer.read",
  write: "support.customer.write",
});
