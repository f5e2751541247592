import assert from "node:assert/strict";
import {
  normalizeMessageId,
  outboxIdIn,
  referencedIds,
  replySubject,
  senderKnown,
  ticketToken,
  tokenIn,
  withoutTokens,
} from "../../modules/support/mail/mail.thread.rules.ts";
import { automatedReason, overRate } from "../../modules/support/mail/mail.loop.rules.ts";
import { cleanHtml, htmlToText } from "../../modules/support/mail/mail.html.lib.ts";
import { parseMail } from "../../modules/support/mail/mail.parse.lib.ts";

Deno.test("mail rules: a ticket token is [#number], read back from any subject", () => {
  assert.equal(ticketToken("T-2026-00001"), "[#T-2026-00001]");
  assert.equal(tokenIn("Re: Printer [#T-2026-00001] still broken"), "T-2026-00001");
  assert.equal(tokenIn("AW: [#SUP/26/7] x"), "SUP/26/7");
  assert.equal(tokenIn("Printer #T-2026-00001"), null, "a bare number is no token");
  assert.equal(tokenIn("[#] [# x]"), null);
  assert.equal(tokenIn(""), null);
  assert.equal(withoutTokens("Re: a [#T-1] b [#T-2]"), "Re: a b");
});

Deno.test("mail rules: a reply subject has one Re: and one token whatever came before", () => {
  assert.equal(replySubject("Printer", "T-1"), "Re: Printer [#T-1]");
  assert.equal(replySubject("Re: RE: Printer [#T-1]", "T-1"), "Re: Printer [#T-1]");
  assert.equal(replySubject("AW: Re[2]: Printer [#T-1] [#T-1]", "T-1"), "Re: Printer [#T-1]");
  assert.equal(replySubject("YNT: Yazıcı", "T-1"), "Re: Yazıcı [#T-1]");
  assert.equal(replySubject("", "T-1"), "Re: [#T-1]");
  // Idempotent: replying to our own reply changes nothing.
  const once = replySubject("Fwd: Printer", "T-9");
  assert.equal(replySubject(once, "T-9"), once);
});

Deno.test("mail rules: Message-IDs are compared bare and lower-case, nearest first", () => {
  assert.equal(normalizeMessageId(" <ABC@Example.COM> "), "abc@example.com");
  assert.equal(normalizeMessageId("<>"), null);
  assert.equal(normalizeMessageId("a b@c"), null);
  assert.deepEqual(
    referencedIds("<c@x>", ["<a@x>", "<b@x>", "<c@x>"]),
    ["c@x", "b@x", "a@x"],
  );
  assert.deepEqual(referencedIds(null, ["<a@x> <b@x>"]), ["a@x", "b@x"]);
  assert.equal(
    outboxIdIn("0193e8a0-0000-7000-8000-000000000001@example.test"),
    "0193e8a0-0000-7000-8000-000000000001",
  );
  assert.equal(outboxIdIn("cafe@example.test"), null);
});

Deno.test("mail rules: a token threads only a sender the ticket knows", () => {
  const known = ["ayse@example.com", null, "Boss@Example.com"];
  assert.ok(senderKnown("AYSE@example.com", known));
  assert.ok(senderKnown("boss@example.com", known));
  assert.ok(!senderKnown("mallory@evil.test", known));
  assert.ok(!senderKnown("", ["", null]));
});

Deno.test("mail loop: auto-replies, bulk, reports and floods are machine mail", () => {
  const who = "a@example.com";
  assert.match(automatedReason({ "auto-submitted": "auto-replied" }, who)!, /Auto-Submitted/);
  assert.equal(automatedReason({ "auto-submitted": "no" }, who), null);
  assert.match(automatedReason({ precedence: "Bulk" }, who)!, /bulk/i);
  assert.match(automatedReason({ precedence: "list" }, who)!, /list/);
  assert.equal(automatedReason({ precedence: "first-class" }, who), null);
  assert.match(automatedReason({ "x-autoreply": "yes" }, who)!, /x-autoreply/);
  assert.match(automatedReason({ "x-autorespond": "" }, who)!, /x-autorespond/);
  assert.match(
    automatedReason({ "content-type": "multipart/report; report-type=delivery-status" }, who)!,
    /report/,
  );
  assert.match(automatedReason({}, "MAILER-DAEMON@mx.example.com")!, /daemon/);
  assert.equal(automatedReason({ subject: "Out of office?" }, who), null);
  assert.ok(!overRate(20));
  assert.ok(overRate(21));
});

Deno.test("mail html: scripts, styles, handlers and remote images never survive", () => {
  const html = `<html><head><style>p{color:red}</style><script>alert(1)</script></head>
    <body onload="steal()"><p style="color:red" onclick="x()">Hello <b>there</b></p>
    <img src="cid:logo@mail" alt="Logo" width="40" onerror="x()">
    <img src="https://tracker.example/open.gif" alt="">
    <img src="data:image/png;base64,AAAA" alt="dot">
    <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/x">ok</a>
    <iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>
    <svg onload="x()"><circle/></svg></body></html>`;
  const out = cleanHtml(html, (cid) => cid === "logo@mail" ? "/files/1" : null);
  for (
    const bad of ["<script", "alert(1)", "<style", "color:red", "onclick", "onload", "onerror"]
  ) {
    assert.ok(!out.includes(bad), `${bad} removed: ${out}`);
  }
  for (const bad of ["<iframe", "<form", "<input", "<svg", "javascript:", "data:image"]) {
    assert.ok(!out.includes(bad), `${bad} removed`);
  }
  assert.match(out, /<img src="\/files\/1" alt="Logo" width="40" \/>/);
  assert.ok(!/<img[^>]+tracker/.test(out), "the tracker pixel is not an image");
  assert.match(out, /<a href="https:\/\/tracker.example\/open.gif"[^>]*>\[image\]<\/a>/);
  assert.match(out, /<a href="https:\/\/ok.example\/x" rel="noopener noreferrer nofollow"/);
  assert.match(out, /<b>there<\/b>/);
});

Deno.test("mail html: the text of an HTML-only mail keeps quotes as > lines", () => {
  const text = htmlToText(
    `<div>Hi &amp; thanks<br>line 2</div><div>On Mon, Support wrote:</div>` +
      `<blockquote><p>We fixed it</p></blockquote><style>x{}</style>`,
  );
  assert.equal(text, "Hi & thanks\nline 2\nOn Mon, Support wrote:\n\n> We fixed it\n>");
});

const enc = (s: string) => new TextEncoder().encode(s.replace(/\r?\n/g, "\r\n"));

Deno.test("mail parse: sender, ids, visible text and files; malformed mail has a reason", async () => {
  const r = await parseMail(enc(`From: =?UTF-8?Q?Ay=C5=9Fe_Y=C4=B1lmaz?= <Ayse@Example.com>
To: support@acme.test
Cc: Boss <boss@example.com>
Subject: Re: Printer [#T-2026-00001]
Message-ID: <Reply-1@example.com>
In-Reply-To: <out-1@acme.test>
References: <in-0@example.com> <out-1@acme.test>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain; charset=utf-8

Still broken.

On Mon, 30 Nov 2026 at 09:00, Support <support@acme.test> wrote:
> We fixed it.
--b
Content-Type: application/pdf; name="log.pdf"
Content-Disposition: attachment; filename="log.pdf"
Content-Transfer-Encoding: base64

JVBERi0xLjQK
--b--
`));
  assert.ok(r.ok);
  const m = r.mail;
  assert.deepEqual(m.from, { address: "ayse@example.com", name: "Ayşe Yılmaz" });
  assert.deepEqual(m.cc, ["boss@example.com"]);
  assert.equal(m.messageId, "reply-1@example.com");
  assert.deepEqual(m.references, ["out-1@acme.test", "in-0@example.com"]);
  assert.equal(m.visibleText, "Still broken.");
  assert.match(m.text, /> We fixed it/);
  assert.equal(m.files.length, 1);
  assert.equal(m.files[0].name, "log.pdf");
  assert.equal(new TextDecoder().decode(m.files[0].bytes), "%PDF-1.4\n");
  const noHeaders = await parseMail(enc("just some words\n\nand more"));
  assert.ok(!noHeaders.ok && /no header/.test(noHeaders.reason));
  const noSender = await parseMail(enc("Subject: hi\nFrom: nobody\n\nbody"));
  assert.ok(!noSender.ok && /sender/.test(noSender.reason));
  assert.ok(!(await parseMail(new Uint8Array())).ok);
});
