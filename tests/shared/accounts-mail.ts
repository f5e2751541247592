import { testApp } from "../helpers.ts";
import { smtpSink } from "../smtp.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import {
  PASSWORD_RESET_JOB,
  passwordResetJobs,
} from "../../platform/identity/password-reset.service.ts";

/**
 * The SMTP sink and a dispatcher for the password reset job and mail delivery: `flush()` runs
 * them, `mailTo(address)` the mails that address received (quoted-printable undone).
 */
export async function accountsMail() {
  const sink = await smtpSink();
  const { platform } = await testApp();
  const send = mailJobs({ SMTP_URL: sink.url, MAIL_FROM: "Platform <no-reply@example.test>" })
    .find((j) => j.name === MAIL_SEND_JOB)!;
  const reset = passwordResetJobs().find((j) => j.name === PASSWORD_RESET_JOB)!;
  const dispatcher = new Dispatcher(
    platform.db,
    new Map([[MAIL_SEND_JOB, send.handler], [PASSWORD_RESET_JOB, reset.handler]]),
    { onlyNames: [PASSWORD_RESET_JOB, MAIL_SEND_JOB] },
  );
  const decode = (raw: string) =>
    raw.replace(/=\r?\n/g, "").replace(
      /=([0-9A-F]{2})/g,
      (_, h) => String.fromCharCode(parseInt(h, 16)),
    );
  return {
    sink,
    flush: () => dispatcher.drain(),
    mailTo(address: string) {
      return sink.received.filter((m) => m.to.includes(address)).map((m) => decode(m.raw));
    },
    /** The token of the last link with this path prefix in the mails to an address. */
    linkToken(address: string, prefix: "/invite/" | "/password/reset/") {
      const mails = this.mailTo(address);
      const re = new RegExp(`${prefix.replace(/\//g, "\\/")}([A-Za-z0-9_-]{43})`, "g");
      const found = [...(mails.at(-1) ?? "").matchAll(re)];
      return found.at(-1)?.[1];
    },
    close: () => sink.close(),
  };
}
