/**
 * Live event streams are capped per user and per instance (issue 18): past the cap the request
 * gets 429 problem+json with Retry-After; a closed stream gives its place back; other users are
 * not affected.
 */
import assert from "node:assert/strict";
import { itest, newTenant, testApp, until } from "../helpers.ts";
import { acquireStream, openStreams } from "../../shared/realtime/stream-limits.ts";

itest(
  "live streams: per-user cap answers 429 with Retry-After; a closed one frees its place",
  async () => {
    const { app, platform } = await testApp();
    const t = await newTenant();
    const member = await t.member(["member"]);
    const open = (token: string) =>
      app.request("/api/notifications/stream", { headers: { Authorization: `Bearer ${token}` } });
    const cap = platform.config.SSE_MAX_PER_USER;
    const streams: Response[] = [];
    try {
      for (let i = 0; i < cap; i++) {
        const res = await open(t.owner.token);
        assert.equal(res.status, 200, `stream ${i + 1}`);
        streams.push(res);
      }
      const refused = await open(t.owner.token);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get("content-type"), "application/problem+json");
      assert.ok(Number(refused.headers.get("retry-after")) > 0);
      assert.match((await refused.json()).detail, /live connections/);
      // Someone else still connects.
      const theirs = await open(member.token);
      assert.equal(theirs.status, 200);
      streams.push(theirs);
      // Closing one gives its place back.
      await streams.shift()!.body!.cancel();
      await until(() => openStreams(t.owner.id) === cap - 1);
      const again = await open(t.owner.token);
      assert.equal(again.status, 200);
      streams.push(again);
    } finally {
      for (const s of streams) await s.body?.cancel().catch(() => {});
    }
    await until(() => openStreams(t.owner.id) === 0);
  },
);

Deno.test("live streams: the per-instance cap holds across users; release is idempotent", () => {
  // Streams other tests left open count too: the cap is set three above them (the test runs
  // without awaiting, so nothing else opens or closes one meanwhile).
  const before = openStreams();
  const caps = { perUser: 5, perInstance: before + 3 };
  const held = [
    acquireStream("u1", caps),
    acquireStream("u2", caps),
    acquireStream("u3", caps),
  ];
  assert.throws(() => acquireStream("u4", caps), /too many live connections/);
  held[0]();
  held[0]();
  assert.equal(openStreams("u1"), 0);
  const next = acquireStream("u4", caps);
  next();
  held[1]();
  held[2]();
  assert.equal(openStreams(), before);
});
