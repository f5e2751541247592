/**
 * JavaScript script tasks, run in QuickJS (WebAssembly): no host objects, no I/O, a memory cap
 * and a deadline enforced by the interrupt handler. The process variables are globals (and the
 * `variables` object); the script's value is its last expression, or what a top-level
 * `return` gives.
 */
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { ElementError } from "./engine.errors.lib.ts";

export const SCRIPT_LIMITS = { memoryBytes: 32 * 1024 * 1024, deadlineMs: 1000 };

let module: Promise<QuickJSWASMModule> | null = null;
function quickjs(): Promise<QuickJSWASMModule> {
  // The package's CommonJS typing differs from its ESM default export; both are the variant.
  module ??= newQuickJSWASMModuleFromVariant(
    variant as unknown as Parameters<typeof newQuickJSWASMModuleFromVariant>[0],
  );
  return module;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Runs the script against the variables; errors, timeouts and the memory cap throw. */
export async function runScript(
  body: string,
  vars: Record<string, unknown>,
  limits = SCRIPT_LIMITS,
): Promise<unknown> {
  const qjs = await quickjs();
  const runtime = qjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.deadlineMs));
  const vm = runtime.newContext();
  try {
    const names = Object.keys(vars).filter((k) => IDENTIFIER.test(k));
    const prelude = `const variables = JSON.parse(${JSON.stringify(JSON.stringify(vars))});` +
      names.map((n) => `var ${n} = variables[${JSON.stringify(n)}];`).join("");
    const code = /(^|[;\s{}])return[\s;(]/.test(body)
      ? `${prelude}(function () {\n${body}\n})()`
      : `${prelude}eval(${JSON.stringify(body)})`;
    const result = vm.evalCode(code, "script.js");
    if (result.error) {
      const err = vm.dump(result.error);
      result.error.dispose();
      const message = typeof err === "object" && err ? `${err.name}: ${err.message}` : String(err);
      throw new ElementError(
        /interrupted/i.test(message) ? "script-timeout" : "script",
        /interrupted/i.test(message)
          ? `the script ran longer than ${limits.deadlineMs} ms`
          : `script failed: ${message}`,
      );
    }
    const value = vm.dump(result.value);
    result.value.dispose();
    return value === undefined ? null : JSON.parse(JSON.stringify(value));
  } catch (err) {
    if (err instanceof ElementError) throw err;
    throw new ElementError("script", `script failed: ${(err as Error).message}`);
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
