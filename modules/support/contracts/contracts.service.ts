import { type CrudOps, crudService } from "../common/crud.service.ts";
import { type ContractRow, contractsRepo } from "./contracts.repo.ts";
import { contractStatus } from "./contracts.rules.ts";
import type { Contract, ContractInput, ContractUpdate } from "./contracts.schemas.ts";

const withStatus = (r: ContractRow): Contract => ({ ...r, status: contractStatus(r) });

const base = crudService<ContractRow, ContractInput, ContractUpdate>(contractsRepo, {
  entityType: "contract",
  noun: "contract",
  label: (r) => r.name,
});

export const contractsService: CrudOps<Contract, ContractInput, ContractUpdate> = {
  async list(actor, input) {
    const page = await base.list(actor, input);
    return { items: page.items.map(withStatus), nextCursor: page.nextCursor };
  },
  get: async (actor, id) => withStatus(await base.get(actor, id)),
  create: async (actor, input) => withStatus(await base.create(actor, input)),
  update: async (actor, input) => withStatus(await base.update(actor, input)),
  remove: base.remove,
};
