import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, app, createAgent, inTenant, json } from "./agents.fixtures.ts";
import { loadAgentEnv } from "../../modules/automation/agents/agents.runtime.service.ts";
import {
  currentKeyId,
  decryptorFor,
  SecretError,
  swapKeyForTesting,
} from "../../modules/automation/secrets/secrets.crypto.lib.ts";
import { reencryptAll } from "../../modules/automation/secrets/secrets.service.ts";

const { platform: { bus } } = await app();

const SECRET = "s3cr3t-Value-4242-never-shown";

itest("secrets: set, rotate, list names only, delete; values never leave", async () => {
  const t = await newTenant();
  const a = await createAgent(t.owner);
  const put = await t.owner.call("PUT", `${API}/agents/${a.id}/env/API_TOKEN`, { value: SECRET });
  assert.equal(put.status, 201);
  const created = await put.json();
  assert.deepEqual(Object.keys(created).sort(), ["name", "updatedAt"]);
  const rotated = await t.owner.call("PUT", `${API}/agents/${a.id}/env/API_TOKEN`, {
    value: SECRET + "-2",
  });
  assert.equal(rotated.status, 200);
  await json(await t.owner.call("PUT", `${API}/agents/${a.id}/env/OTHER`, { value: "x" }), 201);

  const texts: string[] = [];
  const grab = async (res: Response) => {
    const text = await res.text();
    assert.ok(res.status < 400, `${res.status} ${text.slice(0, 200)}`);
    texts.push(text);
    return text;
  };
  const list = JSON.parse(await grab(await t.owner.call("GET", `${API}/agents/${a.id}/env`)));
  assert.deepEqual(list.items.map((i: { name: string }) => i.name), ["API_TOKEN", "OTHER"]);
  await grab(await t.owner.call("GET", `${API}/agents/${a.id}`));
  await grab(await t.owner.call("GET", `${API}/agents`));
  await grab(await t.owner.call("GET", `${API}/agents/${a.id}/versions`));
  for (const tab of ["", "/env", "/history", "/code", "/versions"]) {
    await grab(await browse(`/automation/agents/${a.id}${tab}`, { who: t.owner }));
  }
  const activity = await inTenant(
    t,
    (sql) => sql`select summary, before::text, after::text from activity where entity_id = ${a.id}`,
  );
  texts.push(JSON.stringify(activity));
  assert.ok(activity.some((r) => r.summary.includes("API_TOKEN")), "the name is recorded");
  for (const text of texts) {
    assert.ok(!text.includes(SECRET), "a value leaked: " + text.slice(0, 300));
  }
  const stored = await inTenant(t, (sql) => sql`select ciphertext from automation_agent_env`);
  for (const r of stored) {
    assert.ok(!new TextDecoder().decode(r.ciphertext).includes("s3cr3t"), "stored in clear");
  }

  const env = await inTenant(t, (sql) => loadAgentEnv({ sql, bus }, a.id));
  assert.deepEqual(env, { API_TOKEN: SECRET + "-2", OTHER: "x" });

  assert.equal((await t.owner.call("DELETE", `${API}/agents/${a.id}/env/OTHER`)).status, 204);
  await problem(await t.owner.call("DELETE", `${API}/agents/${a.id}/env/OTHER`), 404);
  const after = await json(await t.owner.call("GET", `${API}/agents/${a.id}/env`), 200);
  assert.deepEqual(after.items.map((i: { name: string }) => i.name), ["API_TOKEN"]);
});

itest("secrets: names are checked, members cannot write, other tenants get 404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const a = await createAgent(t.owner);
  await problem(await t.owner.call("PUT", `${API}/agents/${a.id}/env/lower`, { value: "x" }), 400);
  await problem(await t.owner.call("PUT", `${API}/agents/${a.id}/env/9LIVES`, { value: "x" }), 400);
  await problem(
    await t.owner.call("PUT", `${API}/agents/${a.id}/env/DENO_DIR`, { value: "x" }),
    422,
  );
  await problem(await t.owner.call("PUT", `${API}/agents/${a.id}/env/PATH`, { value: "x" }), 422);
  await problem(await t.owner.call("PUT", `${API}/agents/${a.id}/env/OK`, { nope: 1 }), 400);
  await problem(
    await t.owner.call("PUT", `${API}/agents/${a.id}/env/BIG`, { value: "x".repeat(20_000) }),
    400,
  );
  await json(await t.owner.call("PUT", `${API}/agents/${a.id}/env/TOKEN`, { value: "v1" }), 201);

  const member = await t.member(["member"]);
  await json(await member.call("GET", `${API}/agents/${a.id}/env`), 200);
  await problem(await member.call("PUT", `${API}/agents/${a.id}/env/TOKEN`, { value: "x" }), 403);
  await problem(await member.call("DELETE", `${API}/agents/${a.id}/env/TOKEN`), 403);

  const o = other.owner;
  await problem(await o.call("GET", `${API}/agents/${a.id}/env`), 404);
  await problem(await o.call("PUT", `${API}/agents/${a.id}/env/TOKEN`, { value: "evil" }), 404);
  await problem(await o.call("DELETE", `${API}/agents/${a.id}/env/TOKEN`), 404);
  const env = await inTenant(t, (sql) => loadAgentEnv({ sql, bus }, a.id));
  assert.deepEqual(env, { TOKEN: "v1" }, "unchanged");
});

itest("secrets: a ciphertext moved to another name or agent does not open (AAD)", async () => {
  const t = await newTenant();
  const a = await createAgent(t.owner);
  const b = await createAgent(t.owner);
  await json(await t.owner.call("PUT", `${API}/agents/${a.id}/env/TOKEN`, { value: "alpha" }), 201);
  await json(await t.owner.call("PUT", `${API}/agents/${a.id}/env/OTHER`, { value: "beta" }), 201);
  await json(await t.owner.call("PUT", `${API}/agents/${b.id}/env/TOKEN`, { value: "gamma" }), 201);
  // Copy A's TOKEN ciphertext over its OTHER row: same key, same tenant, another name.
  await inTenant(
    t,
    (sql) =>
      sql`update automation_agent_env o set ciphertext = s.ciphertext, nonce = s.nonce
        from automation_agent_env s
        where s.agent_id = ${a.id} and s.name = 'TOKEN' and o.agent_id = ${a.id}
          and o.name = 'OTHER'`,
  );
  await assert.rejects(
    () => inTenant(t, (sql) => loadAgentEnv({ sql, bus }, a.id)),
    (err) => err instanceof SecretError && /OTHER cannot be decrypted/.test(err.message),
  );
  // Copy A's TOKEN over B's TOKEN: same name, another agent.
  await inTenant(
    t,
    (sql) =>
      sql`update automation_agent_env o set ciphertext = s.ciphertext, nonce = s.nonce
        from automation_agent_env s
        where s.agent_id = ${a.id} and s.name = 'TOKEN' and o.agent_id = ${b.id}
          and o.name = 'TOKEN'`,
  );
  await assert.rejects(
    () => inTenant(t, (sql) => loadAgentEnv({ sql, bus }, b.id)),
    (err) => err instanceof SecretError && /TOKEN cannot be decrypted/.test(err.message),
  );
  // Setting it again repairs it.
  await json(await t.owner.call("PUT", `${API}/agents/${b.id}/env/TOKEN`, { value: "delta" }), 200);
  assert.deepEqual(await inTenant(t, (sql) => loadAgentEnv({ sql, bus }, b.id)), {
    TOKEN: "delta",
  });
});

itest(
  "secrets: a changed key is detected with a clear message; reencryptAll moves values",
  async () => {
    const t = await newTenant();
    const a = await createAgent(t.owner);
    await json(await t.owner.call("PUT", `${API}/agents/${a.id}/env/TOKEN`, { value: "old" }), 201);
    const oldId = currentKeyId();
    const { platform } = await app();
    const oldKey = await platform.db.sql`select value from platform_secrets
                                       where name = 'automation-env-key'`;
    const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    const restore = await swapKeyForTesting(fresh);
    try {
      assert.notEqual(currentKeyId(), oldId);
      await assert.rejects(
        () => inTenant(t, (sql) => loadAgentEnv({ sql, bus }, a.id)),
        (err) =>
          err instanceof SecretError &&
          err.message === "environment variable TOKEN was encrypted with another key; set it again",
      );
      const previous = platform.config.AUTOMATION_SECRET_KEY ?? oldKey[0]?.value;
      assert.ok(previous, "the old key is known");
      const moved = await inTenant(
        t,
        async (sql) => reencryptAll({ sql, bus }, await decryptorFor(previous)),
      );
      assert.equal(moved, 1);
      assert.deepEqual(
        await inTenant(t, (sql) => loadAgentEnv({ sql, bus }, a.id)),
        { TOKEN: "old" },
      );
    } finally {
      restore();
    }
  },
);
