import type { Sql } from "../db/database.ts";
import type { Platform } from "../../app/platform.ts";
import type { Locale } from "../i18n/i18n.ts";

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
  };
}
