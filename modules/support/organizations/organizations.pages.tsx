import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { resourcePages } from "../common/resource.pages.tsx";
import { Card } from "../../../ui/kit.ts";
import { memberOptions, options } from "../common/options.service.ts";
import {
  DepartmentInput,
  DepartmentUpdate,
  TeamInput,
  TeamUpdate,
} from "./organizations.schemas.ts";
import { departmentsService, teamsService } from "./organizations.service.ts";
import type { Department, Team } from "./organizations.schemas.ts";

export const mountOrganizationPages = (app: Hono<AppEnv>) => {
  const read = "support.organization.read";
  const write = "support.organization.write";
  const teams = resourcePages<Team>(app, {
    path: "/organizations/teams",
    home: "/organizations",
    key: "teams",
    searchable: false,
    titleKey: "support.teams",
    newKey: "support.teams.new",
    icon: "users",
    read,
    write,
    ops: teamsService,
    create: TeamInput,
    update: TeamUpdate,
    columns: [
      { labelKey: "support.field.team", value: (r) => r.name },
      { labelKey: "support.field.members", value: (r) => String(r.memberIds.length) },
    ],
    fields: async (c) => [
      { name: "name", labelKey: "support.field.team", required: true },
      {
        name: "departmentId",
        labelKey: "support.field.department",
        type: "select",
        emptyLabelKey: "support.none",
        options: await options(actorOf(c), "support_departments"),
      },
      {
        name: "memberIds",
        labelKey: "support.field.members",
        type: "checks",
        options: await memberOptions(actorOf(c)),
      },
    ],
    toInput: (input, form) => {
      const ids = form.memberIds;
      return { ...input, memberIds: ids === undefined ? [] : [ids].flat() };
    },
  });
  resourcePages<Department>(app, {
    path: "/organizations",
    key: "departments",
    titleKey: "page.organizations",
    newKey: "support.departments.new",
    icon: "network",
    read,
    write,
    ops: departmentsService,
    create: DepartmentInput,
    update: DepartmentUpdate,
    columns: [
      { labelKey: "support.field.department", value: (r) => r.name },
      { labelKey: "support.field.description", value: (r) => r.description || "—", wide: true },
    ],
    fields: () => [
      { name: "name", labelKey: "support.field.department", required: true },
      { name: "description", labelKey: "support.field.description", type: "textarea" },
    ],
    extra: async (c) => (
      <Card title={t(c.var.locale, "support.teams")} actions={await teams.newDialog(c)}>
        {await teams.panel(c)}
      </Card>
    ),
  });
};
