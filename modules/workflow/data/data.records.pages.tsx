/**
 * /workflow/data/{key}: the records of one data model (search, load more, a form generated from
 * the model), one record's details, edit form and history.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  type Form,
  pathId,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Card, page, Tabs, Toast, tr } from "../../../ui/kit.ts";
import { DATA_READ, DATA_WRITE } from "./data.routes.ts";
import * as records from "./data.records.service.ts";
import type { Model } from "./data.schemas.ts";
import {
  DeleteRecord,
  NewRecordDialog,
  RecordFacts,
  RecordFilters,
  RecordForm,
  recordsPath,
  RecordsTable,
} from "./data.records.view.tsx";
import { RecordHistory } from "./data.history.view.tsx";
import { ADMIN } from "./data.models.view.tsx";
import { dataFlash } from "./data.flash.pages.tsx";
import "./data.messages.ts";

const canWrite = (c: C) => hasPermission(c.var.session.permissions, DATA_WRITE);
const crumbs = (c: C, model?: Model) => {
  const t = tr(c);
  return [
    { label: t("module.workflow"), href: "/workflow" },
    { label: t("page.dataModels"), href: ADMIN },
    ...(model ? [{ label: model.name, href: recordsPath(model.key) }] : []),
  ];
};

async function listPage(c: C, key: string, flash?: Flash, status = 200) {
  const model = await records.modelOrNotFound(actorOf(c), { key });
  const q = (c.req.query("q") ?? "").slice(0, 200);
  const cursor = c.req.query("cursor") || undefined;
  const result = await records.listRecords(actorOf(c), {
    model,
    query: { q, cursor, limit: 25 },
  });
  const more = result.nextCursor
    ? `${recordsPath(key)}?${new URLSearchParams({ q, cursor: result.nextCursor })}`
    : null;
  const choices = canWrite(c) ? await records.pickerChoices(actorOf(c), model) : null;
  return await page(
    c,
    model.name,
    <>
      {flash && <Toast flash={flash} />}
      <RecordFilters model={model} q={q} />
      <div class="card card-flush">
        <RecordsTable model={model} items={result.items} more={more} filtered={!!q} />
      </div>
    </>,
    {
      status: status as 200,
      crumbs: crumbs(c),
      description: model.description || undefined,
      actions: choices ? <NewRecordDialog model={model} choices={choices} /> : undefined,
    },
  );
}

async function recordPage(
  c: C,
  key: string,
  id: string,
  tab: "details" | "history",
  flash?: Flash,
  status = 200,
) {
  const t = tr(c);
  const model = await records.modelOrNotFound(actorOf(c), { key });
  const record = await records.readRecord(actorOf(c), { model, id });
  const base = `${recordsPath(key)}/${id}`;
  let body;
  if (tab === "history") {
    const { items } = await records.recordHistory(actorOf(c), { model, id });
    const display = await records.displayMaps(actorOf(c), {
      model,
      rows: items.flatMap((h) => [h.before ?? {}, h.after ?? {}]),
    });
    body = (
      <Card>
        <RecordHistory model={model} items={items} display={display} />
      </Card>
    );
  } else {
    const choices = canWrite(c) ? await records.pickerChoices(actorOf(c), model) : null;
    body = (
      <>
        <Card>
          <RecordFacts model={model} record={record} />
        </Card>
        {choices && (
          <Card
            title={t("workflow.data.edit")}
            actions={<DeleteRecord model={model} record={record} />}
          >
            <RecordForm model={model} record={record} choices={choices} />
          </Card>
        )}
      </>
    );
  }
  return await page(
    c,
    record.title || t("workflow.data.untitled"),
    <>
      {flash && <Toast flash={flash} />}
      <Tabs
        label={t("workflow.data.details")}
        items={[
          { href: base, label: t("workflow.data.details"), current: tab === "details" },
          {
            href: `${base}/history`,
            label: t("workflow.data.history"),
            current: tab === "history",
          },
        ]}
      />
      {body}
    </>,
    { status: status as 200, crumbs: crumbs(c, model) },
  );
}

/** The form's `f_<field>` inputs; a field left empty is cleared. */
function dataOf(model: Model, form: Form): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of model.fields) {
    const v = form[`f_${f.name}`];
    data[f.name] = typeof v === "string" ? v : Array.isArray(v) ? v[0] : null;
  }
  return data;
}

export function mountDataRecordPages(app: Hono<AppEnv>) {
  app.get("/data/:key", requirePermission(DATA_READ), (c) => listPage(c, c.req.param("key")));
  app.post("/data/:key", requirePermission(DATA_WRITE), async (c) => {
    const key = c.req.param("key");
    const model = await records.modelOrNotFound(actorOf(c), { key });
    let id: string;
    try {
      const form = await readForm(c);
      id = (await records.createRecord(actorOf(c), { model, data: dataOf(model, form) })).id;
    } catch (err) {
      const { flash, status } = dataFlash(tr(c), err, model.fields);
      return await listPage(c, key, flash, status);
    }
    return redirectAfterPost(c, `${recordsPath(key)}/${id}`);
  });
  app.get(
    "/data/:key/:id",
    requirePermission(DATA_READ),
    (c) => recordPage(c, c.req.param("key"), pathId(c), "details"),
  );
  app.get(
    "/data/:key/:id/history",
    requirePermission(DATA_READ),
    (c) => recordPage(c, c.req.param("key"), pathId(c), "history"),
  );
  app.post("/data/:key/:id", requirePermission(DATA_WRITE), async (c) => {
    const key = c.req.param("key");
    const id = pathId(c);
    const model = await records.modelOrNotFound(actorOf(c), { key });
    try {
      const form = await readForm(c);
      const version = Number(form.version);
      await records.updateRecord(actorOf(c), {
        model,
        id,
        data: dataOf(model, form),
        version: Number.isInteger(version) && version > 0 ? version : 0,
      });
    } catch (err) {
      const { flash, status } = dataFlash(tr(c), err, model.fields);
      return await recordPage(c, key, id, "details", flash, status);
    }
    return redirectAfterPost(c, `${recordsPath(key)}/${id}`);
  });
  app.post("/data/:key/:id/delete", requirePermission(DATA_WRITE), async (c) => {
    const key = c.req.param("key");
    const model = await records.modelOrNotFound(actorOf(c), { key });
    await records.deleteRecord(actorOf(c), { model, id: pathId(c) });
    return redirectAfterPost(c, recordsPath(key));
  });
}
