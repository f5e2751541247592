import { crudService } from "../common/crud.service.ts";
import { companiesRepo } from "./companies.repo.ts";
import type { Company, CompanyInput, CompanyUpdate } from "./companies.schemas.ts";

export const companiesService = crudService<Company, CompanyInput, CompanyUpdate>(companiesRepo, {
  entityType: "company",
  noun: "company",
  label: (r) => r.name,
});
