/**
 * Projects in a real browser: create a project (dialog) with a custom status flow, add a
 * member, create tasks (dialog), drag a task across the board (an allowed move sticks, a refused
 * one snaps back with its message), comment with a mention, attach a file, read the workload
 * report, and see the board at phone width.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";

async function drag(page: Page, card: string, column: string) {
  const from = page.locator(`.pj-card:has-text("${card}")`);
  const to = page.locator(`.pj-column:has(h3:has-text("${column}")) .pj-cards`);
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(
      a.x + a.width / 2 + ((b.x + b.width / 2) - (a.x + a.width / 2)) * i / 10,
      a.y + a.height / 2 + ((b.y + 20) - (a.y + a.height / 2)) * i / 10,
    );
  }
  await page.mouse.up();
}

browserTest(
  "projects: flow, members, board drag, mention, attachment, workload",
  async (context) => {
    const tenant = await newTenant();
    const dev = await tenant.member(["member"]);
    const handle = dev.email.split("@")[0];
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);

      // Create a project from the list page's dialog.
      await page.goto(`${base}/projects/projects`);
      await page.locator('[data-dialog-open="new-project"]').click();
      await page.locator("#p-new-name").fill("Launch");
      await Promise.all([
        page.waitForURL(/\/projects\/projects\/[0-9a-f-]{36}$/),
        page.locator('#p-new-form button[type="submit"]').click(),
      ]);
      const projectUrl = page.url();
      const projectId = projectUrl.split("/").pop()!;

      // Custom flow: rename the first status, add "Review", allow only Todo → Doing → Review → Done.
      await page.goto(`${projectUrl}?view=flow`);
      await page.locator("#st-name-0").fill("Todo");
      await page.locator("#st-name-1").fill("Doing");
      await page.locator("#st-name-new").fill("Review");
      await page.locator("#st-pos-new").fill("3");
      const ids = await page.locator('input[type="hidden"][name^="id-"]').evaluateAll((els) =>
        els.map((e) => (e as HTMLInputElement).value)
      );
      await page.locator(`input[name="allow"][value="${ids[0]}>${ids[1]}"]`).check();
      await page.locator('#flow-panel button[type="submit"]').click();
      await page.locator("#flow-panel .alert.ok").waitFor();
      assert.equal(await page.locator("#st-name-2").inputValue(), "Review");
      const flow =
        await (await tenant.owner.call("GET", `/api/projects/status?projectId=${projectId}`))
          .json();
      assert.equal(flow.transitions.length, 1, JSON.stringify(flow));

      // Add the member.
      await page.goto(`${projectUrl}?view=members`);
      await page.locator("#add-member").selectOption(dev.id);
      await page.locator("#add-role").selectOption("member");
      await page.locator('#members-panel form.pj-add-member button[type="submit"]').click();
      await page.locator(`#members-panel td:has-text("${dev.email}")`).waitFor();

      // Two tasks from the board's "New task" dialog.
      for (const title of ["Design", "Build"]) {
        await page.goto(projectUrl);
        await page.locator('[data-dialog-open="new-task"]').click();
        await page.locator("#qt-title").fill(title);
        await page.locator('#new-task-form button[type="submit"]').click();
        await page.locator(`.pj-card:has-text("${title}")`).waitFor();
      }

      // Allowed: Todo → Doing.
      const moved = page.waitForResponse((r) => r.url().endsWith("/move"));
      await drag(page, "Design", "Doing");
      assert.equal((await moved).status(), 200);
      await page.reload();
      await page.locator('.pj-column:has(h3:has-text("Doing")) .pj-card:has-text("Design")')
        .waitFor();

      // Refused by the server (Doing → Todo is not in the flow): the card snaps back.
      await page.evaluate(() =>
        document.querySelectorAll(".pj-cards").forEach((l) =>
          (l as HTMLElement).dataset.allowed = "*"
        )
      );
      const refused = page.waitForResponse((r) => r.url().endsWith("/move"));
      await drag(page, "Design", "Todo");
      const r2 = await refused;
      assert.equal(r2.status(), 422);
      await page.locator("#board-message.alert.error").waitFor();
      assert.match(await page.locator("#board-message").innerText(), /not allowed/);
      await page.locator('.pj-column:has(h3:has-text("Todo")) .pj-card:has-text("Build")')
        .waitFor();

      // Comment with a mention on the task page.
      await page.locator('.pj-card a:has-text("Design")').click();
      await page.waitForURL(/\/projects\/tasks\//);
      await page.locator("#new-comment").fill(`@${handle} please review **this**`);
      await page.locator('#comments form button:has-text("Send")').click();
      await page.locator("#comments .pj-markdown strong:has-text('this')").waitFor();
      const inbox = await (await dev.call("GET", "/api/projects/notifications")).json();
      assert.ok(
        inbox.items.some((n: { title: string }) => /mentioned you on Design/.test(n.title)),
      );

      // Attach a file with the upload form (XHR with progress).
      await page.locator("#upload-file").setInputFiles({
        name: "plan.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("the plan"),
      });
      await page.locator('form.pj-upload button[type="submit"]').click();
      await page.locator('#attachments a:has-text("plan.txt")').waitFor();

      // The workload report lists the member.
      await page.goto(`${base}/projects/reports?projectId=${projectId}`);
      await page.locator('#workload td:has-text("Member member")').waitFor();
      await page.locator("#workload .chart[data-drawn]").waitFor();

      // Phone width: the columns scroll inside the board; the page never scrolls sideways.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(projectUrl);
      await page.locator(".pj-board").waitFor();
      const [scroll, inner, boardScroll] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        innerWidth,
        document.querySelector(".pj-board")!.scrollWidth,
      ]);
      assert.ok(scroll <= inner, `the page scrolls sideways: ${scroll} > ${inner}`);
      assert.ok(boardScroll > inner, "the board's columns scroll inside it");

      // The one refused move is expected: as a response and as the browser's console line.
      const refusedMove = /(HTTP 422: POST|status of 422 .*) ?[^ ]*\/projects\/tasks\/[^ ]*\/move/;
      const unexpected = problems.filter((p) => !refusedMove.test(p));
      assert.equal(problems.length - unexpected.length, 2);
      assert.deepEqual(unexpected, []);
    });
  },
);
