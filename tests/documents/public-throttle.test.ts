import assert from "node:assert/strict";
import { itest, newTenant, testApp } from "../helpers.ts";
import { browse, uploadOne, useBackend } from "./helpers.ts";

async function passwordShare() {
  await useBackend("local");
  const t = await newTenant();
  const f = await uploadOne(t.owner, "kilitli.txt", "locked");
  const res = await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
    password: "dogru-parola",
  });
  assert.equal(res.status, 201);
  return (await res.json()).token as string;
}

itest(
  "documents public links: wrong passwords are throttled per link (429), then refused",
  async () => {
    const { app } = await testApp();
    const token = await passwordShare();
    const other = await passwordShare();
    const get = (tok: string, password: string) =>
      app.request(`/api/documents/public-share/${tok}`, {
        headers: { "X-Share-Password": password },
      });
    for (let i = 0; i < 10; i++) {
      const res = await get(token, `yanlis-${i}`);
      assert.equal(res.status, 401, `attempt ${i}`);
      await res.body?.cancel();
    }
    const locked = await get(token, "yanlis-son");
    assert.equal(locked.status, 429);
    assert.ok(
      Number(locked.headers.get("retry-after")) > 0 || (await locked.json()).status === 429,
    );
    const right = await get(token, "dogru-parola");
    assert.equal(right.status, 429, "even the right password waits while the link is locked");
    await right.body?.cancel();
    const page = await browse("", `/s/${token}`, { form: { password: "dogru-parola" } });
    assert.equal(page.status, 429);
    assert.doesNotMatch(await page.text(), /kilitli\.txt/);
    // Someone else, from another address, still opens the link with its password: a guesser
    // locks only itself (defect: the link was locked for everyone).
    const elsewhere = await app.request(`/api/documents/public-share/${token}`, {
      headers: { "X-Share-Password": "dogru-parola", "X-Forwarded-For": "198.51.100.7" },
    });
    assert.equal(elsewhere.status, 200);
    await elsewhere.body?.cancel();
    // Another link is not affected; a right password there works.
    const fine = await get(other, "dogru-parola");
    assert.equal(fine.status, 200);
    assert.equal((await fine.json()).name, "kilitli.txt");
    // An unknown token stays a plain 404, with or without a password.
    const unknown = await get("A".repeat(43), "x");
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
  },
);
