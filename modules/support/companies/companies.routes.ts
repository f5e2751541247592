import { crudRoutes } from "../common/crud.routes.ts";
import { CompanyInput, CompanySchema, CompanyUpdate } from "./companies.schemas.ts";

export const companyRoutes = crudRoutes({
  path: "/companies",
  name: "SupportCompany",
  noun: "company",
  item: CompanySchema,
  create: CompanyInput,
  update: CompanyUpdate,
  read: "support.customer.read",
  write: "support.customer.write",
});
