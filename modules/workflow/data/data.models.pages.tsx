/** /workflow/admin/data-models: the tenant's data models, created and their fields edited. */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, type Flash, type Form, one, readForm } from "../../../shared/http/pages.ts";
import { redirectAfterPost } from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { page, Toast, tr } from "../../../ui/kit.ts";
import { DATA_READ, DATA_WRITE } from "./data.routes.ts";
import { createModel, deleteModel, listModels, updateModel } from "./data.models.service.ts";
import { modelOrNotFound } from "./data.records.service.ts";
import { parseChoices } from "./data.rules.ts";
import type { z } from "@hono/zod-openapi";
import {
  FIELD_TYPES,
  type FieldDef,
  type FieldType,
  ModelCreate,
  ModelUpdate,
} from "./data.schemas.ts";
import { ADMIN, ModelEditor, ModelsTable, NewModelDialog } from "./data.models.view.tsx";
import { dataFlash } from "./data.flash.pages.tsx";
import "./data.messages.ts";

async function listPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const canWrite = hasPermission(c.var.session.permissions, DATA_WRITE);
  const { items } = await listModels(actorOf(c));
  return await page(
    c,
    t("page.dataModels"),
    <>
      {flash && <Toast flash={flash} />}
      <ModelsTable rows={items} canWrite={canWrite} />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.data.description"),
      actions: canWrite ? <NewModelDialog /> : undefined,
    },
  );
}

async function editPage(c: C, key: string, flash?: Flash, status = 200) {
  const t = tr(c);
  const model = await modelOrNotFound(actorOf(c), { key });
  const { items } = await listModels(actorOf(c));
  return await page(
    c,
    t("workflow.data.editNamed", { name: model.name }),
    <>
      {flash && <Toast flash={flash} />}
      <ModelEditor model={model} models={items} />
    </>,
    {
      status: status as 200,
      crumbs: [
        { label: t("module.workflow"), href: "/workflow" },
        { label: t("page.dataModels"), href: ADMIN },
      ],
    },
  );
}

/** The form's values through the API's own schema, so both check the same. */
function checked<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw problems.validation(
    parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  );
}

/** The field editor's rows as a field list: blank and removed rows left out. */
function fieldsOf(form: Form): FieldDef[] {
  const rows = Math.min(Number(one(form.rows)) || 0, 200);
  const fields: FieldDef[] = [];
  for (let i = 0; i < rows; i++) {
    const name = one(form[`name_${i}`]);
    if (!name || form[`remove_${i}`]) continue;
    const type = one(form[`type_${i}`]) as FieldType;
    if (!FIELD_TYPES.includes(type)) {
      throw problems.validation([{ path: `fields.${i}.type`, message: "invalid" }]);
    }
    fields.push({
      name,
      label: one(form[`label_${i}`]) || name,
      type,
      required: !!form[`required_${i}`],
      values: type === "enum" ? parseChoices(one(form[`values_${i}`])) : undefined,
      model: type === "reference" ? one(form[`model_${i}`]) || undefined : undefined,
    });
  }
  return fields;
}

export function mountDataModelPages(app: Hono<AppEnv>) {
  app.get("/admin/data-models", requirePermission(DATA_READ), (c) => listPage(c));
  app.post("/admin/data-models", requirePermission(DATA_WRITE), async (c) => {
    const t = tr(c);
    let key = "";
    try {
      const form = await readForm(c);
      const input = checked(ModelCreate, {
        key: one(form.key),
        name: one(form.name),
        description: one(form.description),
      });
      key = (await createModel(actorOf(c), input)).key;
    } catch (err) {
      const { flash, status } = dataFlash(t, err);
      return await listPage(c, flash, status);
    }
    return redirectAfterPost(c, `${ADMIN}/${key}`);
  });
  app.get(
    "/admin/data-models/:key",
    requirePermission(DATA_WRITE),
    (c) => editPage(c, c.req.param("key")),
  );
  app.post("/admin/data-models/:key", requirePermission(DATA_WRITE), async (c) => {
    const t = tr(c);
    const key = c.req.param("key");
    try {
      const form = await readForm(c);
      await updateModel(actorOf(c), {
        key,
        input: checked(ModelUpdate, {
          name: one(form.name),
          description: one(form.description),
          fields: fieldsOf(form),
          titleField: one(form.titleField) || null,
          force: !!form.force,
        }),
      });
    } catch (err) {
      const { flash, status } = dataFlash(t, err);
      return await editPage(c, key, flash, status);
    }
    return redirectAfterPost(c, `${ADMIN}/${key}`);
  });
  app.post("/admin/data-models/:key/delete", requirePermission(DATA_WRITE), async (c) => {
    try {
      await deleteModel(actorOf(c), c.req.param("key"));
    } catch (err) {
      const { flash, status } = dataFlash(tr(c), err);
      return await listPage(c, flash, status);
    }
    return redirectAfterPost(c, ADMIN);
  });
}
