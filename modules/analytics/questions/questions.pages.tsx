/**
 * /analytics/questions: the list, and a question's editor (SQL with highlighting, one
 * declaration per placeholder kept in step with the SQL by htmx, the values form and Run, which
 * swaps the result table in). Readers of a saved question see its SQL and run it with values.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, FlashMessage, html, page, Toast } from "../../../ui/kit.ts";
import { useSourcesConfig } from "../sources/sources.config.lib.ts";
import { listSources } from "../sources/sources.service.ts";
import { DATASET_NAMES } from "./questions.lib.ts";
import { type EditorState, givenValues, readEditor } from "./questions.form.lib.ts";
import { QUERY_READ, QUERY_WRITE } from "./questions.routes.ts";
import { tableNames } from "./questions.run.service.ts";
import type { Question, QuestionResult } from "./questions.schemas.ts";
import {
  createQuestion,
  getQuestion,
  getQuestions,
  patchQuestion,
  previewQuestion,
  removeQuestion,
  runQuestion,
} from "./questions.service.ts";
import {
  BASE,
  EditorForm,
  ParamsSection,
  QuestionsTable,
  ResultArea,
  ResultTable,
  TargetBadge,
} from "./questions.view.tsx";

function act(c: C) {
  useSourcesConfig(c.var.platform.config);
  return actorOf(c);
}

const canWrite = (c: C) => hasPermission(c.var.session.permissions, QUERY_WRITE);
const canSources = (c: C) => hasPermission(c.var.session.permissions, "analytics.source.write");
const crumbs = (c: C, more: { label: string; href: string }[] = []) => [
  { label: t(c.var.locale, "module.analytics"), href: "/analytics" },
  ...more,
];

async function listPage(c: C) {
  const { items } = await getQuestions(act(c));
  return await page(
    c,
    t(c.var.locale, "page.analyticsQuestions"),
    <QuestionsTable rows={items} />,
    {
      crumbs: crumbs(c),
      description: t(c.var.locale, "analytics.questions.description"),
      actions: canWrite(c)
        ? (
          <Button href={`${BASE}/new`} icon="plus">
            {t(c.var.locale, "analytics.questions.new")}
          </Button>
        )
        : undefined,
    },
  );
}

const stateOf = (q: Question): EditorState => ({
  name: q.name,
  description: q.description,
  sql: q.sql,
  sourceId: q.sourceId ?? "",
  params: q.params,
  values: {},
  sqlErrors: [],
});

const empty = (c: C): EditorState => ({
  name: "",
  description: "",
  sql:
    "select status, count(*) as tickets\nfrom tickets\nwhere created_at >= {{from}}\ngroup by status",
  sourceId: "",
  params: [{
    name: "from",
    type: "date",
    label: t(c.var.locale, "analytics.questions.exampleFrom"),
    required: false,
    default: "2020-01-01",
  }],
  values: {},
  sqlErrors: [],
});

async function editorPage(
  c: C,
  { question, state, flash, status = 200, result }: {
    question?: Question;
    state: EditorState;
    flash?: Flash;
    status?: number;
    result?: QuestionResult;
  },
) {
  const actor = act(c);
  const write = canWrite(c);
  const sources = write && canSources(c)
    ? (await listSources(actor)).items.map((s) => ({ id: s.id, name: s.name }))
    : [];
  const names = { datasets: DATASET_NAMES, tables: write ? await tableNames(actor) : [] };
  const title = question?.name ?? t(c.var.locale, "analytics.questions.new");
  return await page(
    c,
    title,
    <>
      {flash && <Toast flash={flash} />}
      {question && (
        <p>
          <TargetBadge target={question.target} /> <span class="muted">{question.description}</span>
        </p>
      )}
      <EditorForm
        id={question?.id}
        state={state}
        sources={sources}
        canWrite={write}
        names={names}
      />
      <ResultArea result={result} />
      {write && (
        <>
          <link rel="stylesheet" href="/assets/prism.css" />
          <link rel="stylesheet" href="/assets/analytics-questions.css" />
          <script src="/assets/prism.js" defer></script>
          <script src="/assets/prism-sql.js" defer></script>
          <script src="/assets/analytics-questions.js" type="module"></script>
        </>
      )}
    </>,
    {
      status: status as 200,
      crumbs: crumbs(c, [{ label: t(c.var.locale, "page.analyticsQuestions"), href: BASE }]),
      actions: question && write
        ? (
          <form
            method="post"
            action={`${BASE}/${question.id}/delete`}
            hx-post={`${BASE}/${question.id}/delete`}
            hx-confirm={t(c.var.locale, "analytics.questions.deleteConfirm")}
          >
            <Button type="submit" variant="ghost" icon="trash-2">
              {t(c.var.locale, "analytics.questions.delete")}
            </Button>
          </form>
        )
        : undefined,
    },
  );
}

const toInput = (s: EditorState) => ({
  name: s.name,
  description: s.description,
  sql: s.sql,
  sourceId: s.sourceId || null,
  params: s.params,
});

/** A result (or the refusal) as the fragment htmx swaps into #question-result. */
async function resultFragment(c: C, run: () => Promise<QuestionResult>) {
  try {
    return html(c, <ResultTable result={await run()} />);
  } catch (err) {
    // 200, so htmx swaps the message in where the table would be.
    return html(c, <FlashMessage flash={problemFlash(err).flash} />);
  }
}

export function mountQuestionPages(app: Hono<AppEnv>) {
  app.get("/questions", requirePermission(QUERY_READ), (c) => listPage(c));
  app.get(
    "/questions/new",
    requirePermission(QUERY_WRITE),
    (c) => editorPage(c, { state: empty(c) }),
  );
  app.post("/questions", requirePermission(QUERY_WRITE), async (c) => {
    const state = readEditor(await readForm(c));
    try {
      const q = await createQuestion(act(c), toInput(state));
      return redirectAfterPost(c, `${BASE}/${q.id}`);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await editorPage(c, { state, flash, status });
    }
  });
  // The declarations and values, redrawn from the form as the SQL changes.
  app.post("/questions/form", requirePermission(QUERY_WRITE), async (c) => {
    const state = readEditor(await readForm(c));
    return html(c, <ParamsSection state={state} canWrite />);
  });
  app.post("/questions/preview", requirePermission(QUERY_WRITE), async (c) => {
    const state = readEditor(await readForm(c));
    return await resultFragment(c, () =>
      previewQuestion(act(c), {
        sql: state.sql,
        sourceId: state.sourceId || null,
        params: state.params,
        values: givenValues(state),
      }));
  });
  app.get("/questions/:id", requirePermission(QUERY_READ), async (c) => {
    const question = await getQuestion(act(c), pathId(c));
    return await editorPage(c, { question, state: stateOf(question) });
  });
  app.post("/questions/:id", requirePermission(QUERY_WRITE), async (c) => {
    const id = pathId(c);
    const question = await getQuestion(act(c), id);
    const state = readEditor(await readForm(c));
    try {
      await patchQuestion(act(c), { id, patch: toInput(state) });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await editorPage(c, { question, state, flash, status });
    }
    return redirectAfterPost(c, `${BASE}/${id}`);
  });
  app.post("/questions/:id/run", requirePermission(QUERY_READ), async (c) => {
    const id = pathId(c);
    const form = await readForm(c);
    const question = await getQuestion(act(c), id);
    const values = Object.fromEntries(
      question.params.map((d) => [d.name, form[`v_${d.name}`]]).filter(([, v]) =>
        v !== undefined &&
        v !== ""
      ),
    );
    return await resultFragment(c, () => runQuestion(act(c), { id, input: { params: values } }));
  });
  app.post("/questions/:id/delete", requirePermission(QUERY_WRITE), async (c) => {
    await removeQuestion(act(c), pathId(c));
    return redirectAfterPost(c, BASE);
  });
}
