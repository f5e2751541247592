import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";

/** The module's pages, mounted at /support. */
export const supportPages = new Hono<AppEnv>();
