/**
 * A real IMAP server for tests: a private dovecot (Debian's dovecot-imapd) on a free loopback
 * port, with its own configuration, passwd-file user and maildir under a temporary folder,
 * plaintext login allowed on 127.0.0.1, no TLS, run in the foreground as the current user.
 * `deliver` appends a raw message to the user's INBOX (unread). `stop` ends it and removes the
 * folder. Without dovecot the tests are skipped (`imapSkipReason`), except under CI=true, where
 * a missing dovecot is a failure.
 *
 * Usage: `const imap = await startImap(); … await imap.deliver(raw); … await imap.stop();`
 */
import { ImapFlow } from "imapflow";
import { Buffer } from "node:buffer";
import { testApp } from "../helpers.ts";

export const DOVECOT = Deno.env.get("DOVECOT_PATH") ?? "/usr/sbin/dovecot";

export interface TestImap {
  host: string;
  port: number;
  user: string;
  password: string;
  deliver(raw: string | Uint8Array): Promise<void>;
  /** UIDs of the INBOX's messages and whether each is read. */
  inbox(): Promise<{ uid: number; seen: boolean; size: number }[]>;
  stop(): Promise<void>;
}

function installed(): boolean {
  try {
    return Deno.statSync(DOVECOT).isFile;
  } catch {
    return false;
  }
}

/**
 * Why the IMAP tests cannot run here, or null when they can. Under CI=true dovecot must be
 * there (.ci/run installs it): its absence throws instead of skipping.
 */
export function imapSkipReason(): string | null {
  if (installed()) return null;
  if (Deno.env.get("CI") === "true") {
    throw new Error(`dovecot is not installed at ${DOVECOT} (apt-get install dovecot-imapd)`);
  }
  return `dovecot is not installed (${DOVECOT}); apt-get install dovecot-imapd to run these`;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function waitForPort(port: number, child: Deno.ChildProcess, log: string) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      conn.close();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGKILL");
  const text = await Deno.readTextFile(log).catch(() => "");
  throw new Error(`dovecot did not listen on ${port}:\n${text.slice(-2000)}`);
}

/**
 * Starts a private dovecot with one user and an empty INBOX. The server is on 127.0.0.1, so the
 * shared test app is let to read IMAP servers at private addresses until `stop` (the operator's
 * SUPPORT_IMAP_ALLOW_PRIVATE; off, the SSRF guard refuses loopback).
 */
export async function startImap(): Promise<TestImap> {
  const { platform } = await testApp();
  const allowedBefore = platform.config.SUPPORT_IMAP_ALLOW_PRIVATE;
  platform.config.SUPPORT_IMAP_ALLOW_PRIVATE = true;
  const dir = await Deno.makeTempDir({ prefix: "imap-test-" });
  const port = freePort();
  const user = "support";
  const password = "imap-test-password";
  // As root, dovecot runs its login and internal processes and the mail as its own users (it
  // refuses root there); otherwise everything runs as the current user.
  const root = Deno.uid() === 0;
  const me = Deno.env.get("USER") || Deno.env.get("LOGNAME") || "";
  const loginUser = root ? "dovenull" : me;
  const internalUser = root ? "dovecot" : me;
  const mailUid = root ? "dovecot" : String(Deno.uid());
  const mailGid = root ? "dovecot" : String(Deno.gid());
  await Deno.chmod(dir, 0o755);
  for (const d of ["run", "state", "mail"]) await Deno.mkdir(`${dir}/${d}`);
  await Deno.chmod(`${dir}/mail`, 0o777);
  await Deno.writeTextFile(`${dir}/passwd`, `${user}:{PLAIN}${password}::::\n`);
  const log = `${dir}/dovecot.log`;
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${log}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u/Maildir
default_login_user = ${loginUser}
default_internal_user = ${internalUser}
first_valid_uid = 0
first_valid_gid = 0
mail_max_userip_connections = 100
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
  await Deno.writeTextFile(`${dir}/dovecot.conf`, conf);
  const child = new Deno.Command(DOVECOT, {
    args: ["-F", "-c", `${dir}/dovecot.conf`],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  child.stderr.pipeTo(
    (await Deno.open(`${dir}/stderr.log`, { write: true, create: true })).writable,
  ).catch(() => {});
  await waitForPort(port, child, log);

  const client = async () => {
    const c = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: password },
      logger: false,
    });
    c.on("error", () => {});
    await c.connect();
    return c;
  };

  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    async deliver(raw) {
      const c = await client();
      try {
        await c.append("INBOX", Buffer.from(typeof raw === "string" ? raw : raw), []);
      } finally {
        await c.logout().catch(() => c.close());
      }
    },
    async inbox() {
      const c = await client();
      try {
        const lock = await c.getMailboxLock("INBOX");
        try {
          const out: { uid: number; seen: boolean; size: number }[] = [];
          if (!c.mailbox || !c.mailbox.exists) return out;
          for await (const m of c.fetch("1:*", { uid: true, flags: true, size: true })) {
            out.push({ uid: m.uid, seen: m.flags?.has("\\Seen") ?? false, size: m.size ?? 0 });
          }
          return out;
        } finally {
          lock.release();
        }
      } finally {
        await c.logout().catch(() => c.close());
      }
    },
    async stop() {
      platform.config.SUPPORT_IMAP_ALLOW_PRIVATE = allowedBefore;
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
