import { crudRoutes } from "../common/crud.routes.ts";
import { SlaPolicyInput, SlaPolicySchema, SlaPolicyUpdate } from "./sla.schemas.ts";

export const slaRoutes = crudRoutes({
  path: "/sla-policy",
  name: "SupportSlaPolicy",
  noun: "SLA policy",
  item: SlaPolicySchema,
  create: SlaPolicyInput,
  update: SlaPolicyUpdate,
  read: "support.sla.read",
  write: "support.sla.write",
});
