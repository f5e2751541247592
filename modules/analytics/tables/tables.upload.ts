/** An uploaded CSV or XLSX file (with an optional name) read from a request into a new table. */
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import * as s from "./tables.service.ts";
import { parseUpload } from "./tables.import.ts";

/** Reads an upload form (file + optional name) and creates the table; shared with the page. */
export async function importFromForm(c: Context<AppEnv>, actor: Actor) {
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw problems.badRequest("The upload could not be read.");
  }
  const file = form.file;
  if (!(file instanceof File)) {
    throw problems.validation([{ path: "body.file", message: "A CSV or XLSX file is required" }]);
  }
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const name = (text(form.name) || file.name.replace(/\.[^.]*$/, "") || "Import").slice(0, 120);
  const parsed = await parseUpload(file.name, file.type, new Uint8Array(await file.arrayBuffer()));
  return await s.importTable(actor, { name, description: text(form.description) }, parsed);
}
