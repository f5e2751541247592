import { z } from "zod";

function isKey32(v: string) {
  try {
    return atob(v).length === 32;
  } catch {
    return false;
  }
}

// Empty strings count as "unset" so that `FOO=` in a .env file falls back to the default.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const ConfigSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(8000),
  HOST: optional(z.string()).default("0.0.0.0"),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(200)).default(10),
  DATA_DIR: optional(z.string()).default("./data"),
  JOB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(256)).default(4),
  JOB_TENANT_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).default(2),
  // The domain event log (platform/events): tenants' logs read at once per instance, events per
  // read, and how long handled events are kept.
  EVENT_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).default(4),
  EVENT_BATCH: optional(z.coerce.number().int().min(1).max(1000)).default(100),
  EVENT_RETENTION_DAYS: optional(z.coerce.number().int().min(0).max(3650)).default(7),
  /** How long a claimed job stays this worker's without a heartbeat (a dead worker's jobs return then). */
  JOB_LEASE_SECONDS: optional(z.coerce.number().int().min(2).max(3600)).default(30),
  /** Live event streams (SSE) one user may hold open, and this instance in all. */
  SSE_MAX_PER_USER: optional(z.coerce.number().int().min(1).max(1000)).default(20),
  SSE_MAX_PER_INSTANCE: optional(z.coerce.number().int().min(1).max(100_000)).default(2000),
  /** A hard limit on one job run (the lease is renewed while a run lives: it is no timeout). */
  JOB_MAX_RUN_SECONDS: optional(z.coerce.number().int().min(1).max(86_400)).default(900),
  LOG_LEVEL: optional(z.enum(["debug", "info", "warn", "error", "silent"])).default("info"),
  BODY_LIMIT_BYTES: optional(z.coerce.number().int().min(1024)).default(1024 * 1024),
  COOKIE_SECURE: optional(bool),
  TRUST_PROXY: optional(bool).default(false),
  /**
   * The site's address as people reach it (scheme, host, port; no path), e.g.
   * https://platform.example.com. Links in mails (invitations, password resets) point there.
   * Unset: the request's own address, but only when it is loopback or HOST (see docs/operations.md).
   */
  PUBLIC_URL: optional(
    z.url({ protocol: /^https?$/ }).refine((v) => {
      if (!URL.canParse(v)) return true; // z.url() reported it
      const u = new URL(v);
      return u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
    }, "must be an address without a path, such as https://platform.example.com"),
  ),
  JWT_PRIVATE_KEY: optional(
    z.string().includes("PRIVATE KEY", { message: "must be a PKCS#8 PEM" }),
  ),
  JWT_PUBLIC_KEY: optional(z.string().includes("PUBLIC KEY", { message: "must be an SPKI PEM" })),
  JWT_ISSUER: optional(z.string()).default("urn:platform"),
  JWT_AUDIENCE: optional(z.string()).default("urn:platform:api"),
  JWT_TTL_SECONDS: optional(z.coerce.number().int().min(60).max(30 * 86400)).default(8 * 3600),
  /**
   * Lets workspaces use an OpenID provider at a private, loopback or link-local address, or over
   * plain http (development and tests). Off: https and public addresses only (SSRF guard).
   */
  SSO_ALLOW_PRIVATE_ISSUERS: optional(bool).default(false),
  /**
   * Lets support mailboxes read IMAP servers at private, loopback or link-local addresses (an
   * in-house mail server; tests). Off: public addresses only (SSRF guard).
   */
  SUPPORT_IMAP_ALLOW_PRIVATE: optional(bool).default(false),
  EXTERNAL_JWKS_URL: optional(z.url()),
  EXTERNAL_ISSUER: optional(z.string()),
  EXTERNAL_AUDIENCE: optional(z.string()),
  EXTERNAL_TENANT_CLAIM: optional(z.string()).default("tenant"),
  EXTERNAL_EMAIL_CLAIM: optional(z.string()).default("email"),
  EXTERNAL_REQUIRE_EMAIL_VERIFIED: optional(bool).default(true),
  ADMIN_EMAIL: optional(z.email()).default("admin@example.com"),
  ADMIN_PASSWORD: optional(z.string().min(8)),
  DEFAULT_TENANT: optional(z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/)).default("demo"),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string().min(3)).default("Business Platform <no-reply@localhost>"),
  STORAGE_MODE: optional(z.enum(["local", "objstore"])).default("local"),
  LOCAL_STORAGE_PATH: optional(z.string()),
  OBJ_BUCKET: optional(z.string()),
  OBJ_REGION: optional(z.string()).default("us-east-1"),
  OBJ_ENDPOINT: optional(z.url()),
  OBJ_ACCESS_KEY: optional(z.string()),
  OBJ_SECRET_KEY: optional(z.string()),
  /** Operator allowlist (CIDRs, comma-separated) of private addresses analytics sources may reach. */
  ANALYTICS_SOURCE_ALLOW: optional(z.string()).default(""),
  /** Base64 of 32 bytes: encrypts agents' environment variables (generated once when unset). */
  AUTOMATION_SECRET_KEY: optional(
    z.string().refine(isKey32, "must be base64 of 32 bytes"),
  ),
  /**
   * Edge profile (runtimes without subprocesses or a writable disk, e.g. Deno Deploy): serve the
   * API only; jobs and agents run in separate `deno task worker` processes. Unset: detected.
   */
  EDGE: optional(bool),
}).superRefine((c, ctx) => {
  if (!!c.JWT_PRIVATE_KEY !== !!c.JWT_PUBLIC_KEY) {
    ctx.addIssue({
      code: "custom",
      path: [c.JWT_PRIVATE_KEY ? "JWT_PUBLIC_KEY" : "JWT_PRIVATE_KEY"],
      message: "JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set together",
    });
  }
  const external = [c.EXTERNAL_JWKS_URL, c.EXTERNAL_ISSUER, c.EXTERNAL_AUDIENCE];
  if (external.some(Boolean) && !external.every(Boolean)) {
    ctx.addIssue({
      code: "custom",
      path: ["EXTERNAL_JWKS_URL"],
      message: "EXTERNAL_JWKS_URL, EXTERNAL_ISSUER and EXTERNAL_AUDIENCE must be set together",
    });
  }
  if (c.STORAGE_MODE === "objstore" && !c.OBJ_BUCKET) {
    ctx.addIssue({
      code: "custom",
      path: ["OBJ_BUCKET"],
      message: "required when STORAGE_MODE=objstore",
    });
  }
});

export type Config = z.infer<typeof ConfigSchema> & { LOCAL_STORAGE_PATH: string; EDGE: boolean };

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const edge = c.EDGE === undefined ? missingEdgeCapability(c.DATA_DIR) : c.EDGE ? "EDGE=1" : null;
  if (edge) checkEdge(c, edge);
  return { ...c, LOCAL_STORAGE_PATH: c.LOCAL_STORAGE_PATH ?? `${c.DATA_DIR}/files`, EDGE: !!edge };
}

/**
 * Why this process is in the edge profile when EDGE is unset: Deno Deploy says so
 * (DENO_DEPLOYMENT_ID), or it may write nothing at all (`--deny-write`). Null otherwise. A
 * process that may write, just not DATA_DIR (the start task's `--allow-write=./data` with DATA_DIR
 * moved elsewhere), is a mistake to report, not an edge instance: it would silently run no jobs.
 * A runtime with a disk but without subprocesses sets EDGE=1 itself.
 */
function missingEdgeCapability(dataDir: string): string | null {
  const state = (d: Deno.PermissionDescriptor) => {
    try {
      return Deno.permissions.querySync(d).state;
    } catch {
      return "denied"; // A runtime without the permissions API grants nothing it could be asked for.
    }
  };
  try {
    if (Deno.env.get("DENO_DEPLOYMENT_ID")) return "Deno Deploy";
  } catch { /* no env access: the permission checks below still decide */ }
  // Only the disk: scripts (migrate, backup) may not start Deno, yet are no edge instances.
  if (state({ name: "write" }) === "denied") return `no write permission for ${dataDir}`;
  if (state({ name: "write", path: dataDir }) !== "granted") {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR (${dataDir}) is not writable under this process's ` +
        "permissions; add it to --allow-write (see docs/operations.md, Permissions), or set EDGE=1 " +
        "for an instance that keeps nothing on disk",
    );
  }
  return null;
}

/** The edge profile keeps nothing on local disk: both stores must be remote. */
function checkEdge(c: z.infer<typeof ConfigSchema>, why: string) {
  const lines: string[] = [];
  if (!c.DATABASE_URL) {
    lines.push("  DATABASE_URL: required (the embedded database needs a writable DATA_DIR)");
  }
  if (c.STORAGE_MODE !== "objstore") {
    lines.push("  STORAGE_MODE: must be objstore (local files need a writable disk)");
  }
  if (!lines.length) return;
  throw new ConfigError(
    `Invalid configuration for the edge profile (${why}):\n${lines.join("\n")}\n` +
      "  (or grant --allow-write for DATA_DIR, or set EDGE=0)",
  );
}
