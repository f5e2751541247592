import assert from "node:assert/strict";
import { browse, itest, newTenant, testApp, until } from "../helpers.ts";
import { appendLog } from "../../modules/automation/engine/engine.repo.ts";
import { publishRun } from "../../modules/automation/runs/runs.events.service.ts";
import { openStreams } from "../../shared/realtime/stream-limits.ts";
import { inTenant, memberWithoutAutomation, seedAgent, seedRun } from "./runs.fixtures.ts";

/** Reads server-sent events off a response body, one at a time. */
function events(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const next = async (): Promise<{ event: string; data: Record<string, unknown> }> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      buffer += value;
    }
  };
  return { next, close: () => reader.cancel() };
}

itest("run stream: opens with the log written so far, then only newer lines", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t, { name: "Counter" });
  // Lines the engine wrote after the page was rendered and before its stream opened.
  const early = "step 1 of 3 · ü\nstep 2 of 3\n";
  const { id, ref } = await seedRun(t, agent, early);

  const res = await browse(`/automation/runs/${id}/stream`, { who: t.owner });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
  const { next, close } = events(res);
  const snapshot = await next();
  assert.equal(snapshot.event, "snapshot");
  assert.equal(snapshot.data.log, early);
  assert.equal(snapshot.data.status, "running");
  assert.equal(snapshot.data.end, new TextEncoder().encode(early).length, "length in bytes");

  await inTenant(t, async (tx) => {
    const end = await appendLog(tx, id, "step 3 of 3\n", false);
    await publishRun({ sql: tx, bus: platform.bus }, {
      ...ref,
      log: { line: "step 3 of 3\n", end },
    });
  });
  const line = await next();
  assert.equal(line.event, "log");
  assert.equal(line.data.line, "step 3 of 3\n");
  assert.equal(line.data.end, (snapshot.data.end as number) + "step 3 of 3\n".length);
  await close();
  await until(() => openStreams(t.owner.id) === 0);
});

itest(
  "run stream: 404 for another tenant's run and 403 without the permission, none left open",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const { id } = await seedRun(t, await seedAgent(t));
    const path = `/automation/runs/${id}/stream`;
    const foreign = await browse(path, { who: other.owner });
    assert.equal(foreign.status, 404);
    await foreign.body?.cancel();
    assert.equal(openStreams(other.owner.id), 0, "the refused stream gave its slot back");

    const viewer = await memberWithoutAutomation(t);
    const refused = await browse(path, { who: viewer });
    assert.equal(refused.status, 403);
    await refused.body?.cancel();
    assert.equal(openStreams(viewer.id), 0);

    const bad = await browse("/automation/runs/not-a-run/stream", { who: t.owner });
    assert.equal(bad.status, 404, "a malformed id matches no run");
    await bad.body?.cancel();
    assert.equal(openStreams(t.owner.id), 0);
  },
);
