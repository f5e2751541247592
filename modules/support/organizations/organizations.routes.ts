import { crudRoutes } from "../common/crud.routes.ts";
import {
  DepartmentInput,
  DepartmentSchema,
  DepartmentUpdate,
  TeamInput,
  TeamQuery,
  TeamSchema,
  TeamUpdate,
} from "./organizations.schemas.ts";

export const departmentRoutes = crudRoutes({
  path: "/departments",
  name: "SupportDepartment",
  noun: "department",
  item: DepartmentSchema,
  create: DepartmentInput,
  update: DepartmentUpdate,
  read: "support.organization.read",
  write: "support.organization.write",
});

export const teamRoutes = crudRoutes({
  path: "/teams",
  name: "SupportTeam",
  noun: "team",
  item: TeamSchema,
  create: TeamInput,
  update: TeamUpdate,
  query: TeamQuery,
  read: "support.organization.read",
  write: "support.organization.write",
});
