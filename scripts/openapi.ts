/**
 * Writes this build's /openapi.json to a file (for linters and client generators):
 * `deno run -A scripts/openapi.ts [out.json]` — an in-memory embedded database, nothing kept.
 * CI lints it with `@redocly/cli lint` (recommended rules: 0 errors, 0 warnings).
 */
import { createTestApp } from "../app/testing.ts";

const out = Deno.args[0] ?? "openapi.json";
const { app, close } = await createTestApp();
const res = await app.request("/openapi.json");
if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
await Deno.writeTextFile(out, JSON.stringify(await res.json(), null, 2));
await close();
console.log(`wrote ${out}`);
Deno.exit(0);
