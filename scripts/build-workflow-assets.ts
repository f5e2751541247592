/**
 * Builds the Workflow designer's browser bundles now (the app also builds them on start when
 * missing or stale). `deno run -A scripts/build-workflow-assets.ts [--force]`
 */
import {
  ensureWorkflowAssets,
  OUT_DIR,
  OUTPUTS,
} from "../modules/workflow/designer/designer.build.lib.ts";

const started = performance.now();
const built = await ensureWorkflowAssets({ force: Deno.args.includes("--force") });
const ms = Math.round(performance.now() - started);
for (const name of OUTPUTS) {
  const { size } = await Deno.stat(new URL(name, OUT_DIR));
  console.log(`${name.padEnd(14)} ${(size / 1024).toFixed(0).padStart(6)} KiB`);
}
console.log(built ? `built in ${ms} ms` : `up to date (${ms} ms)`);
