import assert from "node:assert/strict";
import { browse, callApp, type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { API, json } from "./fixtures.ts";
import { withScope } from "../../shared/db/scope.ts";

const mail = (id: string, subject = "Printer broken", extra = "") =>
  `From: Ayşe Müşteri <ayse@example.test>\r\nTo: help@example.test\r\nSubject: ${subject}\r\n` +
  `Message-ID: <${id}@example.test>\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000\r\n${extra}\r\n` +
  `It prints nothing since Monday.\r\n`;

const post = (mailboxId: string, token: string | null, body: string | Uint8Array) =>
  callApp(`${API}/inbound/${mailboxId}`, {
    method: "POST",
    body: body as string,
    headers: {
      "Content-Type": "message/rfc822",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });

async function mailbox(who: Caller, extra = {}) {
  return await json(
    await who.call("POST", `${API}/mailboxes`, {
      name: "Help desk",
      address: `help-${crypto.randomUUID().slice(0, 8)}@example.test`,
      ...extra,
    }),
    201,
  );
}

async function messages(who: Caller, id: string, state = "") {
  return (await json(
    await who.call("GET", `${API}/mailboxes/${id}/messages${state ? `?state=${state}` : ""}`),
    200,
  )).items;
}

itest(
  "support mailboxes: CRUD with roles; the password and the token are never returned",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const agent = await t.member(["agent"]);
    const secret = "imap-secret-Pa55";
    const created = await mailbox(t.owner, {
      imapHost: "imap.example.test",
      imapPort: 993,
      imapUser: "help",
      imapPassword: secret,
      maxMessageBytes: 2048,
    });
    assert.equal(created.hasPassword, true);
    assert.equal(created.hasInboundToken, true);
    assert.match(created.inboundToken, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(created.inboundPath, `/api/support/inbound/${created.id}`);
    assert.ok(!("imapPassword" in created) && !("inboundTokenHash" in created));

    for (
      const res of [
        await t.owner.call("GET", `${API}/mailboxes/${created.id}`),
        await t.owner.call("GET", `${API}/mailboxes`),
      ]
    ) {
      const text = await res.text();
      assert.equal(res.status, 200, text);
      assert.ok(!text.includes(secret), "the password is never shown");
      assert.ok(!text.includes(created.inboundToken), "the token is never shown again");
      assert.ok(!/ciphertext|tokenHash|nonce/i.test(text), "nor what is stored of them");
    }

    // 400: bad input; IMAP half set up.
    await problem(
      await t.owner.call("POST", `${API}/mailboxes`, { name: "x", address: "no" }),
      400,
    );
    await problem(
      await t.owner.call("POST", `${API}/mailboxes`, {
        name: "x",
        address: "x@example.test",
        imapHost: "imap.example.test",
      }),
      400,
    );
    // 409: one mailbox per address.
    await problem(
      await t.owner.call("POST", `${API}/mailboxes`, { name: "Again", address: created.address }),
      409,
    );
    // 403: agents read (every role reads support) but do not manage mailboxes.
    await problem(
      await agent.call("POST", `${API}/mailboxes`, { name: "x", address: "x@example.test" }),
      403,
    );
    await problem(await agent.call("PUT", `${API}/mailboxes/${created.id}`, { name: "x" }), 403);
    await problem(await agent.call("DELETE", `${API}/mailboxes/${created.id}`), 403);
    await problem(await agent.call("POST", `${API}/mailboxes/${created.id}/inbound-token`), 403);

    // Update: a left-out password stays, null removes it (and IMAP must then go too).
    const renamed = await json(
      await t.owner.call("PUT", `${API}/mailboxes/${created.id}`, { name: "Support" }),
      200,
    );
    assert.equal(renamed.name, "Support");
    assert.equal(renamed.hasPassword, true);
    await problem(
      await t.owner.call("PUT", `${API}/mailboxes/${created.id}`, { imapPassword: null }),
      400,
    );
    const plain = await json(
      await t.owner.call("PUT", `${API}/mailboxes/${created.id}`, {
        imapPassword: null,
        imapHost: null,
        imapUser: null,
      }),
      200,
    );
    assert.equal(plain.hasPassword, false);
    assert.equal(plain.imapHost, null);

    // Another tenant's id: 404, and nothing changed.
    await problem(await other.owner.call("GET", `${API}/mailboxes/${created.id}`), 404);
    await problem(
      await other.owner.call("PUT", `${API}/mailboxes/${created.id}`, { name: "Stolen" }),
      404,
    );
    await problem(await other.owner.call("DELETE", `${API}/mailboxes/${created.id}`), 404);
    await problem(
      await other.owner.call("POST", `${API}/mailboxes/${created.id}/inbound-token`),
      404,
    );
    await problem(await other.owner.call("GET", `${API}/mailboxes/${created.id}/messages`), 404);
    const still = await json(await t.owner.call("GET", `${API}/mailboxes/${created.id}`), 200);
    assert.equal(still.name, "Support");
    assert.equal(
      (await json(await other.owner.call("GET", `${API}/mailboxes`), 200)).items.length,
      0,
    );

    const gone = await json(await t.owner.call("DELETE", `${API}/mailboxes/${created.id}`), 200);
    assert.deepEqual(gone, { id: created.id, deleted: true });
    await problem(await t.owner.call("GET", `${API}/mailboxes/${created.id}`), 404);
  },
);

itest("support mailboxes: the password is sealed at rest", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const m = await mailbox(t.owner, {
    imapHost: "imap.example.test",
    imapUser: "help",
    imapPassword: "sealed-password-1",
  });
  const [row] = await platform.db.sql`
    select imap_password_ciphertext, inbound_token_hash from support_mailboxes where id = ${m.id}`;
  assert.ok(!new TextDecoder().decode(row.imapPasswordCiphertext).includes("sealed-password-1"));
  assert.match(row.inboundTokenHash, /^[0-9a-f]{64}$/);
  assert.notEqual(row.inboundTokenHash, m.inboundToken);
});

itest("support inbound endpoint: token, duplicates, size limit, unknown mailbox", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const m = await mailbox(t.owner, { maxMessageBytes: 4096 });
  const otherBox = await mailbox(other.owner);

  const ok = await json(await post(m.id, m.inboundToken, mail("a1")), 202);
  assert.equal(ok.duplicate, false);
  const again = await json(await post(m.id, m.inboundToken, mail("a1")), 200);
  assert.deepEqual(again, { id: ok.id, duplicate: true });

  await problem(await post(m.id, "wrong-token-wrong-token-wrong", mail("a2")), 401);
  await problem(await post(m.id, null, mail("a2")), 401);
  // Another mailbox's token does not open this one.
  await problem(await post(m.id, otherBox.inboundToken, mail("a2")), 401);
  await problem(await post(crypto.randomUUID(), m.inboundToken, mail("a2")), 404);
  await problem(await post("not-a-uuid", m.inboundToken, mail("a2")), 400);

  // Over the limit: 413, and the message is in the failed list with its headers.
  const big = mail("big", "Huge attachment") + "x".repeat(10_000);
  await problem(await post(m.id, m.inboundToken, big), 413);
  const failed = await messages(t.owner, m.id, "failed");
  assert.equal(failed.length, 1);
  assert.equal(failed[0].reason, "too large");
  assert.equal(failed[0].subject, "Huge attachment");
  assert.equal(failed[0].fromAddress, "ayse@example.test");
  assert.equal(failed[0].hasRaw, false);
  assert.ok(failed[0].size > 4096);

  // Without a Message-ID the bytes name it: the same bytes twice are one message.
  const noId = "From: a@example.test\r\nSubject: no id\r\n\r\nhello\r\n";
  const first = await json(await post(m.id, m.inboundToken, noId), 202);
  assert.equal((await json(await post(m.id, m.inboundToken, noId), 200)).id, first.id);
  const all = await messages(t.owner, m.id);
  assert.equal(all.length, 3);
  assert.match(
    all.find((x: { id: string }) => x.id === first.id).messageId,
    /^<[0-9a-f]{64}@missing>$/,
  );

  // A new token: the old one stops working.
  const rotated = await json(
    await t.owner.call("POST", `${API}/mailboxes/${m.id}/inbound-token`),
    200,
  );
  await problem(await post(m.id, m.inboundToken, mail("a3")), 401);
  await json(await post(m.id, rotated.inboundToken, mail("a3")), 202);

  // The stored row and its queued intake job, in the mailbox's tenant only.
  const { platform } = await testApp();
  const jobs = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (sql) =>
      sql`select payload->>'id' as id from jobs where name = 'support.mail.intake'
        and dedupe_key = ${`mail-intake:${ok.id}`}`,
  );
  assert.equal(jobs.length, 1);
  assert.equal(jobs[0].id, ok.id);
});

itest("support mailboxes: the failed list, retry and the original's download", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const agent = await t.member(["agent"]);
  const m = await mailbox(t.owner, { maxMessageBytes: 4096 });
  // Not mail at all: kept whole, failed as unparsable.
  const junk = await json(await post(m.id, m.inboundToken, "\u0001\u0002 not a message"), 202);
  const [failed] = await messages(t.owner, m.id, "failed");
  assert.equal(failed.id, junk.id);
  assert.equal(failed.reason, "unparsable");
  assert.equal(failed.hasRaw, true);

  const base = `${API}/mailboxes/${m.id}/messages/${junk.id}`;
  await problem(await agent.call("POST", `${base}/retry`), 403);
  await problem(await other.owner.call("POST", `${base}/retry`), 404);
  await problem(await t.owner.call("POST", `${API}/mailboxes/${m.id}/messages/x/retry`), 400);
  const retried = await json(await t.owner.call("POST", `${base}/retry`), 200);
  assert.equal(retried.state, "queued");
  assert.equal(retried.reason, null);
  assert.equal(retried.attempts, 1);
  // Only a failed one can be retried.
  await problem(await t.owner.call("POST", `${base}/retry`), 422);
  assert.equal((await messages(t.owner, m.id, "failed")).length, 0);

  // Refused as too large over the endpoint: nothing to retry, the sender must send it again.
  await problem(await post(m.id, m.inboundToken, mail("big") + "y".repeat(9000)), 413);
  const [big] = await messages(t.owner, m.id, "failed");
  await problem(
    await t.owner.call("POST", `${API}/mailboxes/${m.id}/messages/${big.id}/retry`),
    422,
  );

  // The original, as it came, for those who manage mailboxes.
  const good = await json(await post(m.id, m.inboundToken, mail("raw-1", "Ödeme sorunu")), 202);
  const raw = await t.owner.call("GET", `${API}/mailboxes/${m.id}/messages/${good.id}/raw`);
  assert.equal(raw.status, 200);
  assert.equal(raw.headers.get("content-type"), "message/rfc822");
  assert.equal(await raw.text(), mail("raw-1", "Ödeme sorunu"));
  await problem(
    await agent.call("GET", `${API}/mailboxes/${m.id}/messages/${good.id}/raw`),
    403,
  );
  await problem(
    await other.owner.call("GET", `${API}/mailboxes/${m.id}/messages/${good.id}/raw`),
    404,
  );
  await problem(
    await t.owner.call("GET", `${API}/mailboxes/${m.id}/messages/${big.id}/raw`),
    404,
  );
  const one = await json(
    await agent.call("GET", `${API}/mailboxes/${m.id}/messages/${good.id}`),
    200,
  );
  assert.equal(one.subject, "Ödeme sorunu");
  await problem(await t.owner.call("GET", `${API}/mailboxes/${m.id}/messages?state=nope`), 400);
});

itest("support mailboxes: test connection and check now need IMAP", async () => {
  const t = await newTenant();
  const m = await mailbox(t.owner);
  await problem(await t.owner.call("POST", `${API}/mailboxes/${m.id}/test`), 422);
  await problem(await t.owner.call("POST", `${API}/mailboxes/${m.id}/check`), 422);
  // A closed port: the test answers with the error and the mailbox shows it.
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  await json(
    await t.owner.call("PUT", `${API}/mailboxes/${m.id}`, {
      imapHost: "127.0.0.1",
      imapPort: port,
      imapTls: false,
      imapUser: "nobody",
      imapPassword: "nothing",
    }),
    200,
  );
  // Loopback is refused unless the operator allows private servers (SSRF guard).
  const refused = await json(await t.owner.call("POST", `${API}/mailboxes/${m.id}/test`), 200);
  assert.equal(refused.ok, false);
  assert.match(refused.error, /private, loopback or link-local/);
  const { platform } = await testApp();
  platform.config.SUPPORT_IMAP_ALLOW_PRIVATE = true;
  let tested;
  try {
    tested = await json(await t.owner.call("POST", `${API}/mailboxes/${m.id}/test`), 200);
  } finally {
    platform.config.SUPPORT_IMAP_ALLOW_PRIVATE = false;
  }
  assert.equal(tested.ok, false);
  assert.ok(tested.error && !/private/.test(tested.error), tested.error);
  const after = await json(await t.owner.call("GET", `${API}/mailboxes/${m.id}`), 200);
  assert.equal(after.lastError, tested.error);
  assert.ok(after.lastCheckedAt);
  await json(await t.owner.call("POST", `${API}/mailboxes/${m.id}/check`), 202);
});

itest("support mailboxes: pages list, show and retry", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const m = await mailbox(t.owner);
  const list = await browse("/support/mailboxes", { who: t.owner });
  const listHtml = await list.text();
  assert.equal(list.status, 200);
  assert.ok(listHtml.includes("Help desk"));
  assert.ok(!listHtml.includes(m.inboundToken));
  await json(await post(m.id, m.inboundToken, "junk without headers"), 202);
  const page = await browse(`/support/mailboxes/${m.id}?state=failed`, { who: t.owner });
  const html = await page.text();
  assert.equal(page.status, 200, html);
  assert.ok(html.includes("Could not be read as an e-mail message."));
  assert.ok(!html.includes(m.inboundToken));
  // A new token is shown once, on the page that made it.
  const rotated = await browse(`/support/mailboxes/${m.id}/token`, { who: t.owner, form: {} });
  const rotatedHtml = await rotated.text();
  assert.equal(rotated.status, 200);
  const token = /Bearer ([A-Za-z0-9_-]{43})/.exec(rotatedHtml)?.[1];
  assert.ok(token);
  await json(await post(m.id, token, mail("page-1")), 202);
  // Agents read but do not change.
  assert.equal((await browse(`/support/mailboxes/${m.id}`, { who: agent })).status, 200);
  assert.equal(
    (await browse(`/support/mailboxes/${m.id}/token`, { who: agent, form: {} })).status,
    403,
  );
  // The create dialog: a password is accepted and never drawn back.
  const made = await browse("/support/mailboxes", {
    who: t.owner,
    form: {
      name: "Sales",
      address: "sales@example.test",
      imapHost: "imap.example.test",
      imapPort: "993",
      imapUser: "sales",
      imapPassword: "form-secret-99",
      imapFolder: "INBOX",
      maxMb: "10",
    },
  });
  assert.equal(made.status, 303, await made.text());
  const again = await (await browse("/support/mailboxes", { who: t.owner })).text();
  assert.ok(again.includes("Sales"));
  assert.ok(!again.includes("form-secret-99"));
  const sales = (await json(await t.owner.call("GET", `${API}/mailboxes?q=sales`), 200)).items[0];
  assert.deepEqual(
    [sales.enabled, sales.imapTls, sales.hasPassword, sales.maxMessageBytes, sales.imapFolder],
    [true, true, true, 10 * 1024 * 1024, "INBOX"],
  );
});
