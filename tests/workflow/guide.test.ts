/**
 * The script guide (/workflow/admin/script-guide): every example of guide.examples.ts runs
 * through the same evaluation the page uses and must give its documented result, so the guide
 * cannot drift from the engine; then the page and its "Try it" form through HTTP.
 */
import assert from "node:assert/strict";
import { EXAMPLES, GUIDE } from "../../modules/workflow/guide/guide.examples.lib.ts";
import { evaluateExample } from "../../modules/workflow/guide/guide.evaluate.lib.ts";
import { browse, type Caller, itest, newTenant, testApp } from "../helpers.ts";

await testApp();

const PAGE = "/workflow/admin/script-guide";
const tryIt = (who: Caller, form: Record<string, string>) =>
  browse(`${PAGE}/try`, { who, form, htmx: true });

Deno.test("guide: example ids are unique and every example states a result", () => {
  const all = GUIDE.flatMap((s) => s.examples);
  assert.equal(EXAMPLES.size, all.length);
  for (const e of all) {
    assert.ok(("expected" in e) !== ("error" in e), `${e.id}: expected xor error`);
  }
});

for (const section of GUIDE) {
  for (const example of section.examples) {
    Deno.test(`guide example ${section.id}/${example.id} gives what the guide says`, async () => {
      const out = await evaluateExample(example, example.code, example.variables);
      if (example.error !== undefined) {
        assert.equal(out.ok, false, `${example.id} should fail: ${JSON.stringify(out)}`);
        if (!out.ok) assert.ok(out.error.includes(example.error), out.error);
      } else {
        assert.ok(out.ok, `${example.id} failed: ${!out.ok && out.error}`);
        if (out.ok) assert.deepEqual(out.value, example.expected);
      }
    });
  }
}

itest("guide page: admins read it in English and Turkish; members are refused", async () => {
  const tenant = await newTenant();
  const admin = await tenant.member(["admin"]);
  const en = await browse(PAGE, { who: admin, headers: { "Accept-Language": "en" } });
  const enText = await en.text();
  assert.equal(en.status, 200, enText);
  assert.ok(enText.includes("Script guide"));
  assert.ok(enText.includes("Conditions on sequence flows"));
  assert.ok(enText.includes("support.tickets.create"), "operations listed");
  assert.ok(enText.includes("support.ticket.created"), "events listed");
  assert.ok(enText.includes("1000 ms"), "script limits shown");
  // Every example is on the page with its "Try it" form.
  for (const id of EXAMPLES.keys()) assert.ok(enText.includes(`id="example-${id}"`), id);
  assert.doesNotMatch(enText, /wfg\.|page\.scriptGuide/);

  const tr = await browse(PAGE, { who: admin, headers: { "Accept-Language": "tr" } });
  const trText = await tr.text();
  assert.equal(tr.status, 200);
  assert.ok(trText.includes("Betik kılavuzu"));
  assert.ok(trText.includes("Akış koşulları"));
  assert.doesNotMatch(trText, /wfg\.|page\.scriptGuide/);

  const member = await tenant.member(["member"]);
  assert.equal((await browse(PAGE, { who: member })).status, 403);
  const refused = await tryIt(member, { example: "feel-arithmetic", code: "1", variables: "{}" });
  assert.equal(refused.status, 403);
  await refused.body?.cancel();
});

itest("guide try it: the engine's result, or a clear error instead of a 500", async () => {
  const tenant = await newTenant();
  const owner = tenant.owner;
  const ok = await tryIt(owner, {
    example: "feel-arithmetic",
    code: "amount * 2",
    variables: '{"amount": 21}',
  });
  const okText = await ok.text();
  assert.equal(ok.status, 200, okText);
  assert.ok(okText.includes('id="wfg-out-feel-arithmetic"'));
  assert.ok(okText.includes(">42<"), okText);

  const broken = await tryIt(owner, { example: "feel-arithmetic", code: "1 +", variables: "" });
  const brokenText = await broken.text();
  assert.equal(broken.status, 422, brokenText);
  assert.ok(brokenText.includes("failed"), brokenText);

  const started = Date.now();
  const loop = await tryIt(owner, {
    example: "script-js-last",
    code: "for (;;) {}",
    variables: "{}",
  });
  const loopText = await loop.text();
  assert.equal(loop.status, 422, loopText);
  assert.ok(loopText.includes("the script ran longer than 1000 ms"), loopText);
  assert.ok(Date.now() - started < 5000);

  const badVars = await tryIt(owner, { example: "feel-arithmetic", code: "1", variables: "[1]" });
  assert.equal(badVars.status, 400);
  assert.ok((await badVars.text()).includes("JSON object"));

  const unknown = await tryIt(owner, { example: "nope", code: "1", variables: "{}" });
  assert.equal(unknown.status, 400);
  assert.ok((await unknown.text()).includes("does not exist"));

  const tooLong = await tryIt(owner, {
    example: "feel-arithmetic",
    code: "1".repeat(10_001),
    variables: "{}",
  });
  assert.equal(tooLong.status, 400);
  await tooLong.body?.cancel();
});
