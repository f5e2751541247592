import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import "./guide.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, readForm } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { html, page, tr } from "../../../ui/kit.ts";
import { OPERATIONS } from "../../automation/public.ts";
import { documentsEvents } from "../../documents/public.ts";
import { projectsEvents } from "../../projects/public.ts";
import { supportEvents } from "../../support/public.ts";
import { workflowEvents } from "../events.ts";
import { EXAMPLES, GUIDE } from "./guide.examples.lib.ts";
import { evaluateExample, SCRIPT_LIMITS } from "./guide.evaluate.lib.ts";
import { type GuideFacts, GuideView, TryResult } from "./guide.view.tsx";

/**
 * For process designers: whoever may write definitions (owners and admins by default), as the
 * designer itself. Not `workflow.definition.read`: every role reads every module, members too.
 */
const READ = "workflow.definition.write";
const MAX_CODE = 10_000;
const MAX_VARIABLES = 20_000;

function facts(): GuideFacts {
  return {
    operations: [...OPERATIONS.keys()].sort(),
    events: [supportEvents, projectsEvents, documentsEvents, workflowEvents].flatMap((c) =>
      Object.keys(c)
    ).sort(),
    deadlineMs: SCRIPT_LIMITS.deadlineMs,
    memoryMb: Math.round(SCRIPT_LIMITS.memoryBytes / 1024 / 1024),
  };
}

async function guidePage(c: C) {
  const t = tr(c);
  return await page(
    c,
    t("page.scriptGuide"),
    <GuideView sections={GUIDE} facts={facts()} />,
    {
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("wfg.description"),
    },
  );
}

/** "Try it": the example's kind, the edited code and variables, through the engine. */
async function tryExample(c: C) {
  const t = tr(c);
  const form = await readForm(c);
  const one = (k: string) => (typeof form[k] === "string" ? form[k] as string : "");
  const example = EXAMPLES.get(one("example"));
  const id = example?.id ?? "unknown";
  const fail = (key: MessageKey) => html(c, <TryResult id={id} message={t(key)} />, 400);
  if (!example) return fail("wfg.unknownExample");
  const code = one("code");
  const text = one("variables").trim() || "{}";
  if (code.length > MAX_CODE || text.length > MAX_VARIABLES) return fail("wfg.tooLong");
  let variables: unknown;
  try {
    variables = JSON.parse(text);
  } catch {
    return fail("wfg.badVariables");
  }
  if (!variables || typeof variables !== "object" || Array.isArray(variables)) {
    return fail("wfg.badVariables");
  }
  const outcome = await evaluateExample(example, code, variables as Record<string, unknown>);
  // A failing expression is the designer's input, not our fault: 422, shown in place.
  return html(c, <TryResult id={id} outcome={outcome} />, outcome.ok ? 200 : 422);
}

/** /workflow/admin/script-guide: the script guide and its "Try it" forms. */
export function mountGuidePages(app: Hono<AppEnv>) {
  const read = requirePermission(READ);
  app.get("/admin/script-guide", read, guidePage);
  app.post("/admin/script-guide/try", read, tryExample);
}
