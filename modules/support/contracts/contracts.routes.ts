import { crudRoutes } from "../common/crud.routes.ts";
import {
  ContractInput,
  ContractQuery,
  ContractSchema,
  ContractUpdate,
} from "./contracts.schemas.ts";

export const contractRoutes = crudRoutes({
  path: "/contracts",
  name: "SupportContract",
  noun: "contract",
  item: ContractSchema,
  create: ContractInput,
  update: ContractUpdate,
  query: ContractQuery,
  read: "support.contract.read",
  write: "support.contract.write",
});
