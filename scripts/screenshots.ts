/**
 * deno task screenshots
 *
 * Pictures of the main pages for review: starts the app on a fresh embedded database (or the
 * PostgreSQL at DATABASE_URL), seeds one tenant (tests/browser/seed.ts), and saves full-page
 * PNGs of the home dashboard, a ticket, the documents files page and a project board at 1280
 * and 375 px, in English and Turkish, light and dark, into ./screenshots/. Needs Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium).
 *
 * SHOTS_ONLY=<regex> keeps the pages whose name or path matches, e.g. SHOTS_ONLY='^workflow'.
 */
import { openBrowser, type Page } from "../tests/browser/browser.ts";
import { signIn } from "../tests/browser/session.ts";
import { seedTenant } from "../tests/browser/seed.ts";
import { seedDecisions } from "../tests/browser/seed.ts"; // decisions
import { seedReports } from "../tests/browser/seed.ts"; // reports
import { seedDataModels } from "../tests/browser/seed.ts"; // data models
import { seedForms } from "../tests/browser/seed.ts"; // forms
import { seedDataQueries } from "../tests/browser/seed.ts"; // data queries
import { seedAnalyticsApps } from "../tests/browser/seed.ts"; // analytics apps
import { seedAnalyticsTables } from "../tests/browser/seed.ts"; // analytics tables
import { seedAnalyticsSources } from "../tests/browser/seed.ts"; // analytics sources
import { type Caller, testApp } from "../tests/helpers.ts";

/** A bar and a pie chart on the app's first sheet; the sheet page's path. */
async function seedSheetCharts(owner: Caller, appPath: string): Promise<string> {
  const appId = appPath.split("/").pop()!;
  const sheets = await (await owner.call("GET", `/api/analytics/apps/${appId}/sheets`)).json();
  const sheetId = sheets.items[0].id as string;
  const query = {
    source: { kind: "dataset", name: "tickets" },
    aggregates: [{ fn: "count", as: "tickets" }],
  };
  const charts = [["Talepler", "bar", "status"], ["Öncelik", "pie", "priority"]];
  for (const [title, chartType, field] of charts) {
    const res = await owner.call("POST", `/api/analytics/sheets/${sheetId}/widgets`, {
      title,
      chartType,
      query: { ...query, fields: [{ field, as: field }] },
    });
    if (res.status !== 201) throw new Error(`widget: ${res.status} ${await res.text()}`);
  }
  return `/analytics/apps/${appId}/sheets/${sheetId}`;
}

const OUT = "screenshots";
const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 375, height: 812 }];
const LANGS = ["en", "tr"];
const SCHEMES = ["light", "dark"] as const;

async function settle(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector(".htmx-request, .htmx-settling, .htmx-swapping"),
    null,
    { timeout: 5000 },
  ).catch(() => {});
  // Charts and fonts draw after the load event; give them a moment.
  await page.waitForTimeout(300);
}

const context = await openBrowser();
if (!context) {
  console.error("No Chromium found: set CHROMIUM_PATH.");
  Deno.exit(1);
}
const app = await testApp();
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.app.fetch);
const base = `http://127.0.0.1:${server.addr.port}`;
const saved: string[] = [];
try {
  const seeded = await seedTenant();
  const decisions = await seedDecisions(seeded.owner); // decisions
  const reports = await seedReports(seeded.owner); // reports
  const data = await seedDataModels(seeded.owner); // data models
  const forms = await seedForms(seeded.owner); // forms
  const queries = await seedDataQueries(seeded.owner); // data queries
  const analyticsApps = await seedAnalyticsApps(seeded.owner); // analytics apps
  const analyticsTables = await seedAnalyticsTables(seeded.owner); // analytics tables
  const analyticsSources = await seedAnalyticsSources(seeded.owner); // analytics sources
  const analyticsSheet = await seedSheetCharts(seeded.owner, analyticsApps.app); // analytics sheet
  const pages: Record<string, string> = {
    dashboard: "/",
    tickets: "/support/tickets",
    ticket: seeded.pages.ticket,
    files: `/documents/files?folder=${seeded.ids.folder}`,
    board: seeded.pages.board,
    automation: "/automation",
    agent: seeded.pages.agent,
    "agent-code": `${seeded.pages.agent}/code`,
    jobs: "/automation/jobs",
    job: seeded.pages.job,
    history: "/automation/jobs/history",
    run: seeded.pages.run,
    "workflow-dashboard": "/workflow",
    "workflow-processes": "/workflow/processes",
    "workflow-instance": seeded.pages.process,
    "workflow-catalog": "/workflow/catalog",
    "workflow-catalog-start": "/workflow/catalog",
    "workflow-my-tasks": "/workflow/my-tasks",
    "workflow-task-pool": "/workflow/task-pool",
    "workflow-task": seeded.pages.workflowTask,
    "workflow-delegations": "/workflow/delegations",
    "workflow-delegations-standing": "/workflow/delegations?tab=standing",
    "workflow-definitions": "/workflow/admin/definitions",
    "workflow-definition": seeded.pages.definition,
    "workflow-migrations": "/workflow/admin/migrations",
    "workflow-search": "/workflow/search?q=SA-2026",
    "workflow-globals": "/workflow/admin/variables",
    "workflow-guide": "/workflow/admin/script-guide",
    "workflow-audit": "/workflow/admin/audit",
    "workflow-decisions": "/workflow/admin/decisions", // decisions
    "workflow-decision": decisions.editor, // decisions
    "workflow-reports": "/workflow/reports", // reports
    "workflow-report-standard": "/workflow/reports/throughput-weekly", // reports
    "workflow-report": reports.view, // reports
    "workflow-report-archive": reports.archive, // reports
    "workflow-report-studio": "/workflow/admin/reports/new?from=cycle-time", // reports
    "workflow-data-models": "/workflow/admin/data-models", // data models
    "workflow-data-model": data.editor, // data models
    "workflow-data-records": data.records, // data models
    "workflow-data-record": data.record, // data models
    "workflow-data-history": `${data.record}/history`, // data models
    "workflow-forms": "/workflow/admin/forms", // forms
    "workflow-form-editor": forms.editor, // forms
    "workflow-form-new": "/workflow/admin/forms/new", // forms
    "workflow-form-task": forms.task, // forms
    "workflow-data-queries": "/workflow/admin/data-queries", // data queries
    "workflow-data-query": queries.builder, // data queries
    "workflow-data-query-new": "/workflow/admin/data-queries/new?source=tasks", // data queries
    "workflow-form-start": "/workflow/catalog", // forms
    "analytics-apps": "/analytics/apps", // analytics apps
    "analytics-app": analyticsApps.app, // analytics apps
    "analytics-app-access": analyticsApps.access, // analytics apps
    "analytics-app-new": "/analytics/apps", // analytics apps
    "analytics-modelling": "/analytics/modelling", // analytics tables
    "analytics-modelling-table": analyticsTables.table, // analytics tables
    "analytics-modelling-columns": analyticsTables.table, // analytics tables
    "analytics-explore": "/analytics/explore?source=dataset:tickets&f=status&agg=count", // analytics query
    "analytics-explore-rows": "/analytics/explore?source=dataset:tickets", // analytics query
    "analytics-sources": "/analytics/sources", // analytics sources
    "analytics-source": analyticsSources.source, // analytics sources
    "analytics-source-new": "/analytics/sources", // analytics sources
    "analytics-sheet": analyticsSheet, // analytics sheet: charts drawn on the server
    profile: "/profile",
  };
  /** What to click once a page has loaded, for pictures of an open dialog. */
  const clicks: Record<string, string> = {
    "workflow-catalog-start": "[data-dialog-open^='wf-start-']",
    "workflow-data-query": "#query-form button[hx-post]", // data queries
    "workflow-form-start": `[data-dialog-open='wf-start-${forms.definitionId}']`, // forms
    "analytics-app-new": "[data-dialog-open='new-app']", // analytics apps
  };
  clicks["analytics-modelling-columns"] = "[data-dialog-open='edit-columns']"; // analytics tables
  clicks["analytics-source-new"] = "[data-dialog-open='new-source']"; // analytics sources
  const only = Deno.env.get("SHOTS_ONLY");
  const filter = only ? new RegExp(only) : null;
  const shots = Object.entries(pages).filter(([name, path]) =>
    !filter || filter.test(name) || filter.test(path)
  );
  await Deno.mkdir(OUT, { recursive: true });
  const page = await context.newPage();
  await signIn(page, base, seeded.owner.email, seeded.tenant.slug);
  for (const lang of LANGS) {
    // The language the top bar's switch posts; it is kept on the user.
    const res = await page.request.post(`${base}/language`, {
      form: { locale: lang },
      headers: { Origin: base, Referer: `${base}/` },
    });
    if (res.status() >= 400) throw new Error(`language ${lang}: HTTP ${res.status()}`);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        for (const [name, path] of shots) {
          const answer = await page.goto(base + path);
          await settle(page);
          if (clicks[name]) {
            await page.click(clicks[name]);
            await page.waitForTimeout(300);
          }
          const file = `${OUT}/${name}-${vp.width}-${lang}-${scheme}.png`;
          await page.screenshot({ path: file, fullPage: true });
          saved.push(`${file}${answer?.status() === 200 ? "" : `  (HTTP ${answer?.status()})`}`);
        }
      }
    }
  }
} finally {
  // Pages first: their live notification streams would keep the server's shutdown waiting.
  for (const p of context.pages()) await p.close();
  await server.shutdown();
  await context.close();
  await app.close();
}
console.log(saved.join("\n"));
console.log(`${saved.length} screenshots in ./${OUT}/`);
