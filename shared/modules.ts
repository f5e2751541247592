/**
 * The contract between the platform and its modules: what a module hands over (its manifest),
 * what every request sees (AppEnv, Session) and what is built once at start (Platform). One file,
 * because each of these names the others.
 */
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { VNode } from "preact";
import type { Config } from "./config.ts";
import type { Database, Sql } from "./db/database.ts";
import type { Claims, TokenService } from "./auth/jwt.ts";
import type { JobHandler } from "./jobs/dispatcher.ts";
import type { ScheduleDef } from "./jobs/scheduler.ts";
import type { Bus } from "./realtime/bus.ts";
import type { Locale, MessageKey } from "./i18n/i18n.ts";
import type { PasswordRoute } from "./http/prehash.ts";

export interface MenuEntry {
  /** i18n key of the label. */
  labelKey: MessageKey;
  /** Absolute page path, under /<module>. */
  path: string;
  /** Hidden from users without this permission. */
  permission?: string;
  /** Optional sub-heading the entry is listed under ("admin": the module's settings). */
  section?: MenuSection;
}

/** The sub-headings of a module's menu (each has a `nav.section.<name>` text). */
export type MenuSection = "admin";
/** The page names that have a menu label (`page.<name>` texts). */
export type PageName<K = MessageKey> = K extends `page.${infer P}` ? P : never;

/** Menu entries from [page name, sub-path, permission, section?] rows. */
export function entries(
  module: string,
  rows: [PageName, string, string, MenuSection?][],
): MenuEntry[] {
  return rows.map(([key, sub, permission, section]) => ({
    labelKey: `page.${key}`,
    path: `/${module}${sub}`,
    permission,
    section,
  }));
}

/** A named job handler, optionally run on a schedule (e.g. `support.sla-check` every minute). */
export interface SystemJob {
  name: string;
  handler: JobHandler;
  schedule?: {
    cron: string;
    timezone?: string;
    perTenant?: boolean;
    /** Only these tenants get a job at this occurrence (see ScheduleDef.tenantsWithWork). */
    tenantsWithWork?: ScheduleDef["tenantsWithWork"];
    priority?: number;
    payload?: unknown;
  };
}

/** Domain events a module publishes: event name → zod schema of its payload. */
export type EventCatalog = Record<string, z.ZodType<Record<string, unknown>>>;

/** What the built-in roles (besides owner and admin, who hold everything) get of a module. */
export interface RoleGrants {
  agent?: string[];
  member?: string[];
  viewer?: string[];
}

/** One result of the global search, as a module's search provider finds it. */
export interface SearchHit {
  /** What was found, e.g. "ticket", "customer", "file"; the search page shows its label. */
  kind: string;
  /** What people recognise it by (a subject, a name); never an id. */
  title: string;
  /** Where it is or whose it is (a ticket number and customer, a folder path), if anything. */
  subtitle: string | null;
  /** The page that shows it. */
  href: string;
}

/**
 * A module's part of the global search: at most `limit` hits of each kind it searches, only
 * what the caller may see (the actor's transaction is tenant-scoped; object rules are the
 * module's). `q` is the raw text; fold it with shared/text/fold.ts.
 */
export type SearchProvider = (
  actor: { sql: Sql; session: Session; bus: Bus },
  q: string,
  limit: number,
) => Promise<SearchHit[]>;

/** What a module hands the platform. Adding a module is one folder and one line in the registry. */
export interface ModuleManifest {
  name: string;
  labelKey: MessageKey;
  /** A short glyph shown beside the module's name in the menu. */
  icon: string;
  menu: MenuEntry[];
  /** JSON API, mounted at /api/<name>. */
  api: OpenAPIHono<AppEnv>;
  /** Pages, mounted at /<name>. */
  pages: Hono<AppEnv>;
  /** Pages outside /<name>, mounted at the root (e.g. Documents' public share page /s/:token). */
  rootPages?: Hono<AppEnv>;
  permissions: string[];
  /** Default grants of the built-in roles; every role reads every module unless it says more. */
  grants?: RoleGrants;
  jobs: SystemJob[];
  /** The domain events this module publishes (the only ones it can publish). */
  events?: EventCatalog;
  /** Cards for the signed-in user's home page (only what this user may see). */
  home?: (c: Context<AppEnv>) => Promise<HomeCard[]>;
  /** Paths (under the app root) reachable without signing in, e.g. public shares. */
  publicPaths?: RegExp[];
  /**
   * Paths whose clients sign in with HTTP Basic, an API token as the password (WebDAV): a 401
   * there is a Basic challenge and every error a bare status, never a sign-in page.
   */
  basicAuthPaths?: RegExp[];
  /**
   * Paths (under the app root) that stream request or response bodies (file uploads and
   * downloads): no request-wide transaction and no global body limit; the module enforces its
   * own size limits and opens short transactions with `c.var.scope`.
   */
  streamingPaths?: RegExp[];
  /**
   * Write routes that store a new password: its hash is made before their transaction opens
   * (see PlatformFeature.passwordRoutes).
   */
  passwordRoutes?: PasswordRoute[];
  /** The module's part of the global search (/search, GET /api/search). */
  search?: SearchProvider;
  /**
   * Loops this module runs on every instance that runs jobs (`deno task start` and
   * `deno task worker`), e.g. a ticker firing tenants' schedules; returns a stop function.
   */
  background?: (platform: Platform) => () => Promise<void>;
  /** Runs once at start, after migrations, with the owner connection (keys, caches). */
  init?: (platform: Platform) => Promise<void>;
  /**
   * Sees every domain event published in a tenant (any module's), once, after the change
   * committed, in the tenant's order: read from the event log inside a transaction scoped to
   * that tenant, which also moves this module's cursor (platform/events); retried if it throws.
   */
  onEvent?: (event: DomainEvent) => Promise<void>;
}

/**
 * A built-in platform feature (identity, notifications, events, activity, search, translations,
 * backup) as the app composes it. The same idea as a module's manifest, with three differences:
 * it mounts its routers at paths of its own choosing (not under /<name>), it has no menu, and it
 * may fill a step of the request path (app/middleware.ts). Each platform/<p>/mod.ts exports one;
 * app/registry.ts lists them in PLATFORM next to MODULES. Every field but the name is optional.
 */
export interface PlatformFeature {
  name: string;
  /** API routers and their mount paths (["/api/auth", router], …), mounted in this order. */
  api?: [string, OpenAPIHono<AppEnv>][];
  /** Page routers and their mount paths, mounted in this order (before the modules' pages). */
  pages?: [string, Hono<AppEnv>][];
  /**
   * System jobs. Some depend on the configuration (mail delivery needs SMTP_URL to send), the
   * events bus on the other manifests (who handles events).
   */
  jobs?: (
    start: { config: Config; modules: ModuleManifest[]; features: PlatformFeature[] },
  ) => SystemJob[];
  /** Paths reachable without signing in (sign-in itself, health, documents of the API). */
  publicPaths?: RegExp[];
  /**
   * Paths served without a request-wide transaction (like a module's streamingPaths, but with the
   * body limit): the handler opens its own short transactions with `c.var.scope`.
   */
  unscopedPaths?: RegExp[];
  /**
   * Write routes that store a new password: its hash is made before their transaction opens;
   * `spare` ones may create an account without one and get a generated password hashed too.
   * No other route's body is searched for passwords.
   */
  passwordRoutes?: PasswordRoute[];
  /** The domain events this feature publishes (name → zod payload). */
  events?: EventCatalog;
  /**
   * Sees every domain event published in a tenant (any unit's), once, after the change
   * committed, like a module's `onEvent` (the notification rules).
   */
  onEvent?: (event: DomainEvent) => Promise<void>;
  /**
   * Loops this feature runs on every instance that runs jobs (the event log's readers);
   * returns a stop function.
   */
  background?: (platform: Platform) => () => Promise<void>;
  /** Runs once at start, right after migrations, before the platform is built (first-run data). */
  setup?: (
    owner: { sql: Sql },
    start: { config: Config; roles: Record<string, BuiltinRole> },
  ) => Promise<void>;
  /** Runs once at start, with the built platform. */
  init?: (platform: Platform) => Promise<void>;
  /**
   * Its part of the shell around every signed-in page (tenants, unread count…). Called for every
   * feature at once, so the statements go out together in one round trip.
   */
  shell?: (c: Context<AppEnv>) => Promise<Partial<ShellData>>;
  /** The steps of the request path this feature provides; app/middleware.ts places them. */
  middleware?: Partial<RequestSteps>;
}

/** The request path's steps a platform feature provides (identity provides all of these). */
export interface RequestSteps {
  /** A first guess at the reader's language (cookie, browser), for every request. */
  locale: MiddlewareHandler<AppEnv>;
  /** Verifies the caller's token (401) and keeps it as c.var.credentials. */
  authentication: MiddlewareHandler<AppEnv>;
  /** A cookie-authenticated state change must come from our own origin (403). */
  csrf: MiddlewareHandler<AppEnv>;
  /** A read served from a remembered session that turned out stale is served again. */
  replayStaleSession: (
    app: { fetch: (req: Request, env?: unknown) => Response | Promise<Response> },
  ) => MiddlewareHandler<AppEnv>;
  /** The caller's session, in the request's tenant-scoped transaction (or a short one). */
  session: MiddlewareHandler<AppEnv>;
  /** Whether an error is the expected failure of a request that is answered again (not logged). */
  isReplayed: (c: Context, err: unknown) => boolean;
}

/** How a request is served (set by shared/http/middleware/route-access.ts). */
export type RouteAccess = "public" | "unscoped" | "scoped";

/** The caller's verified token, as the authentication step found it. */
export interface Credentials {
  token: string;
  via: Session["via"];
  claims: Claims;
  /** Set when the caller presented an API token (platform/identity/api-tokens.service.ts). */
  apiToken?: { id: string; scopes: string[] };
}

/** A published domain event as a subscriber receives it (tenant-scoped transaction, RLS on). */
export interface DomainEvent {
  sql: Sql;
  bus: Bus;
  name: string;
  data: Record<string, unknown>;
}

/** Who is calling, resolved once per request by the session middleware. */
export interface Session {
  userId: string;
  tenantId: string;
  email: string;
  name: string;
  isOperator: boolean;
  tenantSlug: string;
  tenantName: string;
  roles: string[];
  permissions: string[];
  jti?: string;
  /** Token expiry (epoch seconds), kept so sign-out can revoke it until then. */
  exp: number;
  via: "cookie" | "bearer";
  /** An API token's scopes (permissions are already narrowed to them); unset otherwise. */
  scopes?: string[];
}

export interface AppEnv {
  Variables: {
    requestId: string;
    platform: Platform;
    /** The request's transaction, scoped to the session's tenant and user (RLS applies). */
    sql: Sql;
    session: Session;
    /**
     * Runs fn in a transaction scoped to the caller's tenant and user: the request's own
     * transaction on ordinary routes, a fresh short one on streaming routes.
     */
    scope: <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;
    locale: Locale;
    /** Public, unscoped (no request-wide transaction) or scoped: decided once per request. */
    access: RouteAccess;
    /** The caller's verified token (not on public paths). */
    credentials: Credentials;
    /** The tenant's IANA time zone for dates on pages (set with the session; default UTC). */
    timeZone?: string;
  };
}

/** A built-in role as seeded into every new tenant. */
export interface BuiltinRole {
  name: string;
  description: string;
  permissions: string[];
}

/** Everything built once at start and shared by requests (reached as c.var.platform). */
export interface Platform {
  config: Config;
  db: Database;
  tokens: TokenService;
  /** Real-time fan-out (LISTEN/NOTIFY on PostgreSQL, in-process when embedded). */
  bus: Bus;
  modules: ModuleManifest[];
  /** The built-in platform features (app/registry.ts PLATFORM). */
  features: PlatformFeature[];
  /** Every permission a role can be granted: the core's and each module's. */
  permissions: string[];
  /** The built-in roles with the grants of the core and of every module. */
  roles: Record<string, BuiltinRole>;
  /** Job handlers by name, and the schedules of system jobs (core and modules). */
  jobs: Map<string, JobHandler>;
  schedules: ScheduleDef[];
  /** Loads what the shell around a page shows (tenants, unread count, menu). */
  shell: (c: Context<AppEnv>) => Promise<ShellData>;
}

/**
 * A card a module adds to the signed-in user's home page ("my open tickets", "my tasks due"),
 * drawn with the ui/ kit. Lower `order` comes first; return nothing when there is nothing to say.
 */
export interface HomeCard {
  order: number;
  node: VNode;
}

/** A module as the menu shows it. */
export interface ShellModule {
  name: string;
  labelKey: MessageKey;
  icon: string;
  menu: MenuEntry[];
}

/** What the shell around every page shows; loaded by the app, rendered by ui/layout.tsx. */
export interface ShellData {
  session: Session;
  tenants: { id: string; slug: string; name: string }[];
  invitations: { id: string; name: string }[];
  unread: number;
  locale: Locale;
  modules: ShellModule[];
  path: string;
  /** The current tenant's look and defaults (logo and accent colour drawn by the shell). */
  tenant?: {
    name: string;
    accentColor: string | null;
    logo: string | null;
    timeZone: string;
    locale: string;
  };
}
