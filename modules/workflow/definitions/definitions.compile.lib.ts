/**
 * BPMN 2.0 XML → what a deployment stores: the XML (with a layout added when the model has
 * no diagram), the compiled ProcessModel the engine runs, the problems that refuse it and
 * the lint warnings kept with it. Pure: no database, no request; tested directly.
 */
import { layoutProcess } from "bpmn-auto-layout";
import type { ProcessModel, TimerDef } from "../common/model.lib.ts";
import { type BpmnProblem, ModelBuilder, Report } from "./definitions.build.lib.ts";
import { parseHistoryTtl } from "../cleanup/cleanup.rules.ts";
import { lazy } from "../../../shared/lazy.ts";
import {
  type El,
  hasDiagram,
  linkFlowRefs,
  localType,
  parseBpmn,
  type ParseResult,
  toXml,
} from "./definitions.moddle.lib.ts";

export type { BpmnProblem } from "./definitions.build.lib.ts";

export interface CompileResult {
  model: ProcessModel | null;
  /** The XML as deployed: with DI added by bpmn-auto-layout when it had none. */
  xml: string;
  /** Errors: a model with any is refused. */
  problems: BpmnProblem[];
  /** Lint warnings (and harmless parser notes): kept with the version, shown in the designer. */
  warnings: BpmnProblem[];
  /** Message names of process-level message start events (typed domain events). */
  startEvents: string[];
  startTimers: { elementId: string; timer: TimerDef }[];
  /** camunda:historyTimeToLive in days; null: the tenant default applies (history cleanup). */
  historyTtlDays: number | null;
}

/** Larger models are refused before parsing (a 2 MB model is already far past any real one). */
export const MAX_XML_BYTES = 2_000_000;
/** Auto-layout is quadratic in places; models this large must bring their own diagram. */
const MAX_LAYOUT_ELEMENTS = 400;

const fail = (xml: string, message: string): CompileResult => ({
  model: null,
  xml,
  problems: [{ elementId: null, elementType: null, message }],
  warnings: [],
  startEvents: [],
  startTimers: [],
  historyTtlDays: null,
});

/** Parses, or answers the reason the XML is not BPMN 2.0. */
async function read(xml: string): Promise<ParseResult | string> {
  try {
    const parsed = await parseBpmn(xml);
    if (parsed.definitions?.$type !== "bpmn:Definitions") {
      return "The XML is not a BPMN 2.0 definitions document.";
    }
    return parsed;
  } catch (e) {
    return `The XML could not be read as BPMN 2.0: ${(e as Error).message.split("\n")[0]}`;
  }
}

/** The one process to run: the only process, or the only executable one among several. */
function pickProcess(defs: El, report: Report): El | null {
  const roots = defs.rootElements ?? [];
  for (const c of roots.filter((r) => r.$type === "bpmn:Collaboration")) {
    const pools = c.participants ?? [];
    if (pools.length > 1) {
      report.error(
        c,
        `The diagram has ${pools.length} pools; only a single pool (one process) is supported.`,
      );
    }
    for (const f of c.messageFlows ?? []) {
      report.error(f, "Message flows between pools are not supported.");
    }
  }
  const processes = roots.filter((r) => r.$type === "bpmn:Process");
  if (processes.length === 0) {
    report.error(null, "The model contains no process.");
    return null;
  }
  const executable = processes.filter((p) => p.isExecutable);
  if (processes.length === 1) {
    if (!processes[0].isExecutable) {
      report.warn(processes[0], "The process is not marked executable; it is run as if it were.");
    }
    return processes[0];
  }
  if (executable.length === 1) return executable[0];
  report.error(
    null,
    `The model contains ${processes.length} processes; exactly one executable process is supported.`,
  );
  return null;
}

const linkProcesses = (defs: El) =>
  (defs.rootElements ?? []).filter((r) => r.$type === "bpmn:Process").forEach(linkFlowRefs);

const countElements = (el: El): number =>
  (el.flowElements ?? []).reduce((n, c) => n + 1 + countElements(c), 0);

export async function compileBpmn(xml: string): Promise<CompileResult> {
  if (new TextEncoder().encode(xml).length > MAX_XML_BYTES) {
    return fail(xml, `The model is larger than ${MAX_XML_BYTES / 1_000_000} MB.`);
  }
  let parsed = await read(xml);
  if (typeof parsed === "string") return fail(xml, parsed);

  const report = new Report();
  let outXml = xml;
  linkProcesses(parsed.definitions);
  // A model without a diagram (generated, or hand-written) gets one, so the designer and the
  // instance view can draw it; the layout is part of what is deployed.
  if (!hasDiagram(parsed.definitions)) {
    const first = (parsed.definitions.rootElements ?? []).find((r) => r.$type === "bpmn:Process");
    if (first && countElements(first) <= MAX_LAYOUT_ELEMENTS) {
      try {
        outXml = await layoutProcess(await toXml(parsed.definitions));
        const again = await read(outXml);
        if (typeof again === "string") throw new Error(again);
        parsed = again;
        linkProcesses(parsed.definitions);
      } catch (e) {
        outXml = xml;
        report.warn(null, `No diagram could be laid out: ${(e as Error).message}`);
      }
    }
  }

  for (const w of parsed.warnings) {
    const el = w.elementId ? parsed.elementsById[w.elementId] ?? null : null;
    // Unknown or misplaced BPMN elements are dropped by the parser: the model would run
    // without them, so they refuse it. Unresolved references in the diagram are harmless.
    if (/unparsable content|unknown type|duplicate ID/i.test(w.message)) {
      report.problems.push({
        elementId: w.elementId ?? null,
        elementType: el ? localType(el) : null,
        message: w.message,
      });
    } else report.warn(el, w.message);
  }

  const process = pickProcess(parsed.definitions, report);
  const builder = new ModelBuilder(report);
  const model = process ? builder.build(process) : null;
  // camunda-bpmn-moddle reads the attribute as a string on the process.
  const ttl = parseHistoryTtl(
    (process as { historyTimeToLive?: string } | null)?.historyTimeToLive,
  );
  if (!ttl.ok) report.error(process, ttl.message);

  for (const f of await lintFindings(parsed.definitions)) {
    const el = parsed.elementsById[f.elementId];
    const problem = {
      elementId: f.elementId || null,
      elementType: el ? localType(el) : null,
      message: f.message,
      rule: f.rule,
    };
    (f.level === "error" ? report.problems : report.warnings).push(problem);
  }

  return {
    model: report.problems.length ? null : model,
    xml: outXml,
    problems: dedupe(report.problems),
    warnings: dedupe(report.warnings),
    startEvents: [...new Set(builder.startMessages)],
    startTimers: builder.startTimers,
    historyTtlDays: ttl.ok ? ttl.days : null,
  };
}

/** bpmnlint and its rules (about 2 MB of heap), loaded when a model is first deployed. */
const linter = lazy(async () => (await import("./definitions.lint.lib.ts")).lintDefinitions);

async function lintFindings(definitions: El) {
  try {
    return await (await linter())(definitions);
  } catch (e) {
    return [{
      elementId: "",
      message: `The linter failed: ${(e as Error).message}`,
      rule: "lint",
      level: "warn" as const,
    }];
  }
}

const dedupe = (list: BpmnProblem[]) => {
  const seen = new Set<string>();
  return list.filter((p) => {
    const key = `${p.elementId}|${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
};
