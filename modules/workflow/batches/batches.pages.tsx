import "./batches.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { page, Toast, tr } from "../../../ui/kit.ts";
import { MANAGE_PERMISSION } from "../instances/instances.rules.ts";
import { BatchInput, BatchListQuery } from "./batches.schemas.ts";
import {
  batchProcesses,
  createBatch,
  getBatch,
  listBatches,
  retryBatch,
} from "./batches.service.ts";
import {
  BATCHES_PATH,
  BatchesList,
  batchTitle,
  BatchView,
  NewBatchDialog,
  PAGE_TYPES,
} from "./batches.view.tsx";

const crumbs = (c: C) => {
  const t = tr(c);
  return [
    { label: t("module.workflow"), href: "/workflow" },
    { label: t("page.allProcesses"), href: "/workflow/processes" },
  ];
};

async function listPage(c: C, flash?: Flash, status: Status = 200) {
  const q = BatchListQuery.safeParse({ cursor: c.req.query("cursor") || undefined });
  const actor = actorOf(c);
  const list = await listBatches(actor, q.success ? q.data : { limit: 25 });
  const t = tr(c);
  const body = (
    <>
      <Toast flash={flash} />
      <BatchesList {...list} />
    </>
  );
  return await page(c, t("page.workflowBatches"), body, {
    status,
    crumbs: crumbs(c),
    description: t("wfb.description"),
    actions: <NewBatchDialog processes={await batchProcesses(actor)} />,
  });
}

/** The new-batch form: cancel, suspend or resume by process and business key. */
async function create(c: C) {
  const form = await readForm(c);
  const text = (k: string) => one(form[k]) || undefined;
  let id: string;
  try {
    const parsed = BatchInput.safeParse({
      type: text("type"),
      query: { definitionKey: text("definitionKey"), businessKey: text("businessKey") },
      reason: text("type") === "cancel" ? text("reason") : undefined,
    });
    if (!parsed.success || !PAGE_TYPES.includes(parsed.data.type as typeof PAGE_TYPES[number])) {
      throw problems.validation([{ path: "type", message: tr(c)("wfb.invalid") }]);
    }
    id = (await createBatch(actorOf(c), parsed.data)).id;
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return await listPage(c, flash, status);
  }
  return redirectAfterPost(c, `${BATCHES_PATH}/${id}`);
}

async function detailPage(c: C, id: string, flash?: Flash, status: Status = 200) {
  const b = await getBatch(actorOf(c), id);
  const t = tr(c);
  return await page(c, batchTitle(t, b), <BatchView b={b} flash={flash} />, {
    status,
    crumbs: [...crumbs(c), { label: t("page.workflowBatches"), href: BATCHES_PATH }],
  });
}

async function retry(c: C) {
  const id = pathId(c);
  try {
    await retryBatch(actorOf(c), id);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return await detailPage(c, id, flash, status);
  }
  return redirectAfterPost(c, `${BATCHES_PATH}/${id}`);
}

/** /workflow/admin/batches: batch operations with their progress and failures (admins). */
export function mountBatchPages(app: Hono<AppEnv>) {
  const manage = requirePermission(MANAGE_PERMISSION);
  app.get("/admin/batches", manage, (c) => listPage(c));
  app.post("/admin/batches", manage, create);
  app.get("/admin/batches/:id", manage, (c) => detailPage(c, pathId(c)));
  app.post("/admin/batches/:id/retry", manage, retry);
}
