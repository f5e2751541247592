import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";

export interface FieldError {
  path: string;
  message: string;
}

/** An RFC 9457 problem. Throw it anywhere below a handler; onError renders it. */
export class Problem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly slug: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    /** RFC 9457 extension members added to the body (e.g. a pending sign-in's second factor). */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? title);
  }
}

export const problems = {
  validation: (errors: FieldError[], detail = "The request is not valid.") =>
    new Problem(400, "validation", "Bad Request", detail, errors),
  badRequest: (detail: string) => new Problem(400, "bad-request", "Bad Request", detail),
  unauthorized: (detail = "Authentication is required.") =>
    new Problem(401, "unauthorized", "Unauthorized", detail),
  forbidden: (detail = "You are not allowed to do this.") =>
    new Problem(403, "forbidden", "Forbidden", detail),
  notFound: (detail = "Not found.") => new Problem(404, "not-found", "Not Found", detail),
  methodNotAllowed: (allow: string[]) =>
    new Problem(
      405,
      "method-not-allowed",
      "Method Not Allowed",
      `This address answers ${allow.join(", ")}.`,
      [],
      { Allow: allow.join(", ") },
    ),
  conflict: (detail: string) => new Problem(409, "conflict", "Conflict", detail),
  tooLarge: (detail = "The request body is too large.") =>
    new Problem(413, "too-large", "Content Too Large", detail),
  rangeNotSatisfiable: (size: number) =>
    new Problem(
      416,
      "range-not-satisfiable",
      "Range Not Satisfiable",
      `The requested range is outside the file's ${size} bytes.`,
    ),
  unprocessable: (detail: string) =>
    new Problem(422, "business-rule", "Unprocessable Content", detail),
  unavailable: (retryAfterSeconds: number) =>
    new Problem(
      503,
      "unavailable",
      "Service Unavailable",
      "The database cannot be reached right now; try again in a few seconds.",
      [],
      { "Retry-After": String(retryAfterSeconds) },
    ),
  tooManyRequests: (
    retryAfterSeconds: number,
    detail = "Too many attempts; try again later.",
  ) =>
    new Problem(429, "rate-limited", "Too Many Requests", detail, [], {
      "Retry-After": String(retryAfterSeconds),
    }),
};

export function problemBody(p: Problem, instance?: string) {
  return {
    type: `/problems/${p.slug}`,
    title: p.title,
    status: p.status,
    ...(p.detail ? { detail: p.detail } : {}),
    ...(instance ? { instance } : {}),
    ...(p.errors?.length ? { errors: p.errors } : {}),
    ...p.extensions,
  };
}

export function problemResponse(c: Context, p: Problem) {
  return c.json(problemBody(p, c.req.path), p.status, {
    ...p.headers,
    "Content-Type": "application/problem+json",
  });
}

export const ProblemSchema = z.object({
  type: z.string().openapi({ example: "/problems/validation" }),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}).openapi("Problem");

const descriptions: Record<number, string> = {
  400: "Bad input",
  401: "Missing or invalid credentials",
  403: "Not allowed",
  404: "Not found (also for another tenant's id)",
  409: "Conflict",
  413: "Request body too large",
  422: "A valid request that breaks a business rule",
  429: "Rate limited",
};

/** OpenAPI response entries for the given error statuses, all as problem+json. */
export function errorResponses<S extends keyof typeof descriptions & number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, {
    description: descriptions[s],
    content: { "application/problem+json": { schema: ProblemSchema } },
  }])) as Record<
    S,
    {
      description: string;
      content: { "application/problem+json": { schema: typeof ProblemSchema } };
    }
  >;
}

/** PostgreSQL errors that mean bad input rather than a broken server. */
const PG_INPUT_ERRORS: Record<string, () => Problem> = {
  "23505": () => problems.conflict("A record with these values already exists."),
  "23503": () => problems.unprocessable("A referenced record does not exist."),
  "23514": () => problems.unprocessable("A value breaks a rule of this record."),
  "22P02": () => problems.badRequest("A value has the wrong format."),
  "22007": () => problems.badRequest("A date or time has the wrong format."),
  "22008": () => problems.badRequest("A date or time is out of range."),
  "22003": () => problems.badRequest("A number is out of range."),
  "22001": () => problems.badRequest("A value is too long."),
  "22021": () => problems.badRequest("A text contains a character that is not allowed."),
  "22P05": () => problems.badRequest("A text contains a character that is not allowed."),
};

/**
 * The problem an error stands for: a Problem itself, Hono's HTTP errors, PostgreSQL's input
 * errors (PG_INPUT_ERRORS) and an unreachable database (503). Null for a real failure.
 */
export function toProblem(err: unknown): Problem | null {
  if (err instanceof Problem) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return problems.tooLarge();
    if (err.status === 400) return problems.badRequest(err.message || "Malformed request.");
    if (err.status === 401) return problems.unauthorized();
    return new Problem(err.status, "http", err.message || "Error", err.message);
  }
  const code = (err as { code?: string })?.code;
  if (code && PG_INPUT_ERRORS[code]) return PG_INPUT_ERRORS[code]();
  if (isDatabaseUnavailable(err)) return problems.unavailable(RETRY_AFTER_SECONDS);
  return null;
}
