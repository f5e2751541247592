import { crudService } from "../common/crud.service.ts";
import { companiesRepo } from "./companies.repo.ts";

export const companiesService = crudService(companiesRepo, {
  entityType: "company",
  noun: "company",
  label: (r) => r.name,
});
