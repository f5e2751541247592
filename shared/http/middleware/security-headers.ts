import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env.ts";

/** Every page and answer: our own scripts, styles, images and fonts only; never framed. */
const strictCsp = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: "same-origin",
  // A response that sets its own policy keeps it (file previews: a sandbox, framed by us).
  overwrite: false,
});

// Swagger UI sets inline style attributes; it still loads only our own scripts.
const docsCsp = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  },
});

/** The security headers (Content-Security-Policy and the rest): Swagger UI's on /docs. */
export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.path === "/docs" ? docsCsp(c, next) : strictCsp(c, next);
