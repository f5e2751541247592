/**
 * One step of one instance: the interpreter. A Step is opened on a locked instance (FOR UPDATE),
 * runs ready tokens through their elements until every token waits (synchronous elements in
 * this transaction, at most MAX_INLINE of them; service and send tasks and asyncBefore elements
 * in a queue job of their own), then writes the instance, its history and its events. Each
 * token row is one visit of one element; a token that is not `ready` is never run again, so a
 * repeated job or a second dispatcher does nothing.
 */
import postgres from "postgres";
import type { Actor } from "../../../shared/http/actor.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import type { ElementDef, ProcessModel } from "../common/model.lib.ts";
import { STEP_JOB } from "../common/model.lib.ts";
import { publishWorkflow } from "../events.ts";
import { condition } from "./engine.feel.lib.ts";
import { runsInOwnJob, usesGlobals } from "./engine.rules.ts";
import { ElementError, ElementFailure, errorKind, isElementError } from "./engine.errors.lib.ts";
import { TokenBook } from "./engine.tokens.service.ts";
import { loadGlobals } from "../globals/globals.service.ts";
import {
  cancelTimersOf,
  definitionKeyOf,
  insertHistory,
  insertIncident,
  type InstanceRow,
  liveTokens,
  lockInstance,
  saveInstance,
  type TokenRow,
  type Vars,
  versionModel,
} from "./engine.repo.ts";

export { ElementError, ElementFailure, isElementError } from "./engine.errors.lib.ts";

/** Synchronous elements run per transaction before the rest continues in a queue job. */
export const MAX_INLINE = 200;

/**
 * Hooks the element files fill: multi-instance entry and child completion, boundary arming,
 * cancelling, and settling inclusive joins (true when one fired).
 */
export const hooks: {
  enterLoop?: Behaviour;
  loopChildDone?: (s: Step, child: TokenRow) => Promise<void>;
  armBoundaries?: (s: Step, t: TokenRow, el: ElementDef) => Promise<void>;
  cancelToken?: (s: Step, t: TokenRow) => Promise<void>;
  settleJoins?: (s: Step) => Promise<boolean>;
  /** Starts an event subprocess of `scope` at its start event (WF-B; fired by subscriptions). */
  startEventSubprocess?: (
    s: Step,
    scope: TokenRow,
    startElementId: string,
    interrupting: boolean,
    vars: Vars,
  ) => Promise<void>;
  /** A scope started (a subprocess token; null: the process): arms its event subprocesses. */
  scopeStarted?: (s: Step, scope: TokenRow | null) => Promise<void>;
  /** An element completed (after it is done, before its flows): compensation bookkeeping. */
  completed?: (s: Step, t: TokenRow, el: ElementDef) => Promise<void>;
  /** Re-checks the conditional events of the instance once its tokens wait (true when one fired). */
  checkConditions?: (s: Step) => Promise<boolean>;
} = {};

/** What each BPMN element type does when a token reaches it. */
export type Behaviour = (s: Step, t: TokenRow, el: ElementDef) => Promise<void>;

const behaviours = new Map<string, Behaviour>();

/**
 * The element families (elements/*.service.ts) register their behaviours when loaded. A key
 * `type:eventKind` (e.g. `intermediateThrowEvent:message`) wins over the plain type, so each
 * family owns its own event kinds of a shared element type without touching the others'.
 */
export function defineBehaviour(types: string[], b: Behaviour) {
  for (const t of types) behaviours.set(t, b);
}

const behaviourOf = (el: ElementDef): Behaviour | undefined =>
  (el.event && behaviours.get(`${el.type}:${el.event.kind}`)) || behaviours.get(el.type);

/** The interpreter: token bookkeeping (TokenBook) plus moving on, completing and running. */
export class Step extends TokenBook {
  private readonly enqueued = new Set<string>();
  private budget = MAX_INLINE;
  /**
   * The tenant's global variables (secrets opened), loaded once per step and only for models
   * that mention them; never stored.
   */
  private globals: Vars | null = null;

  private constructor(actor: Actor, instance: InstanceRow, model: ProcessModel) {
    super(actor, instance, model);
  }

  /** Locks the instance and loads its live tokens; null when it does not exist. */
  static async open(actor: Actor, instanceId: string): Promise<Step | null> {
    const instance = await lockInstance(actor.sql, instanceId);
    if (!instance) return null;
    const model = await versionModel(actor.sql, instance.versionId);
    const step = new Step(actor, instance, model);
    step.globals = usesGlobals(model) ? await loadGlobals(actor) : {};
    for (const t of await liveTokens(actor.sql, instanceId)) step.tokens.set(t.id, t);
    return step;
  }

  /** A new instance's first step (the row was just inserted). */
  static fresh(actor: Actor, instance: InstanceRow, model: ProcessModel): Step {
    return new Step(actor, instance, model);
  }

  /** Expressions and scripts also see `globals.<name>` (it wins over a variable `globals`). */
  override varsOf(t: TokenRow | null): Vars {
    return { ...super.varsOf(t), globals: this.globals ?? {} };
  }

  /** The flows an element leaves by: unconditioned or true ones, else its default. */
  chooseFlows(el: ElementDef, t: TokenRow, lenient = false): string[] {
    const vars = this.varsOf(t);
    const taken = el.outgoing.filter((f) => {
      if (f === el.defaultFlow) return false;
      const c = this.model.flows[f]?.condition;
      if (!c) return true;
      if (!lenient) return condition(c, vars);
      try {
        return condition(c, vars);
      } catch {
        return false;
      }
    });
    if (taken.length) return taken;
    if (el.defaultFlow) return [el.defaultFlow];
    if (el.outgoing.length === 0) return [];
    if (lenient) return [el.outgoing[0]];
    throw new ElementError("no-matching-flow", `no outgoing flow of ${el.name || el.id} matches`);
  }

  /** The element is done: the token ends and new tokens go out on the chosen flows. */
  async leave(t: TokenRow, flows?: string[]) {
    const el = this.el(t.elementId);
    let out: string[] = [];
    if (t.loopIndex === null) {
      try {
        out = flows ?? this.chooseFlows(el, t);
      } catch (err) {
        if (!isElementError(err)) throw err;
        // Retrying this incident tries leaving again (the element's work is done).
        t.vars = { ...t.vars, leaving: true };
        return await this.incident(t, errorKind(err), (err as Error).message);
      }
    }
    if (el.type === "intermediateCatchEvent" || this.hasBoundaries(el.id)) {
      await cancelTimersOf(this.sql, [t.id]);
    }
    await this.setState(t, "done");
    this.record(t, "element.completed");
    if (t.loopIndex !== null && hooks.loopChildDone) return await hooks.loopChildDone(this, t);
    await hooks.completed?.(this, t, el);
    for (const f of out) {
      await this.spawn(this.model.flows[f].target, t.parentTokenId, { viaFlow: f });
    }
    if (!out.length) await this.afterEnd(t);
  }

  /** A path ended in a scope: the scope (subprocess, process) completes when nothing lives in it. */
  async afterEnd(t: TokenRow) {
    if (this.childrenOf(t.parentTokenId).length) return;
    const parent = this.parentOf(t);
    if (!parent) return await this.completeInstance(t.elementId, "completed");
    if (parent.state === "scope") await this.leave(parent);
  }

  async completeInstance(
    endElementId: string | null,
    state: "completed" | "terminated",
  ) {
    if (this.end) return;
    this.end = { state, endElementId };
    this.instance.state = state;
    this.record(null, state === "completed" ? "process.completed" : "process.terminated", {
      endElementId,
    });
    const i = this.instance;
    this.publish(async () => {
      await publishWorkflow(this.sql, "workflow.process.completed", {
        ...(await this.eventRef()),
        endElementId,
      });
    });
    if (i.parentInstanceId && i.parentTokenId) {
      // The parent resumes in its own step: locks are taken parent → child only.
      await enqueue(this.sql, STEP_JOB, {
        payload: {
          instanceId: i.parentInstanceId,
          tokenId: i.parentTokenId,
          childInstanceId: i.id,
        },
        serialKey: `wf:${i.parentInstanceId}`,
        maxAttempts: 10,
        backoffSeconds: 5,
      });
    }
  }

  /** What the workflow's domain events say about the instance. */
  async eventRef() {
    const key = await definitionKeyOf(this.sql, this.instance.definitionId);
    return {
      instanceId: this.instance.id,
      definitionId: this.instance.definitionId,
      definitionKey: key ?? "",
      name: this.instance.name,
    };
  }

  /** Marks the instance ended by cancel (instance API). */
  markEnded(state: "cancelled") {
    this.end = { state, endElementId: null };
    this.instance.state = state;
  }

  async incident(t: TokenRow, kind: string, message: string) {
    await this.setState(t, "incident");
    const id = await insertIncident(this.sql, {
      instanceId: this.instance.id,
      tokenId: t.id,
      elementId: t.elementId,
      kind,
      message,
    });
    this.instance.incidentCount++;
    this.record(t, "incident.opened", { incidentId: id, kind, message });
    this.publish(async () => {
      await publishWorkflow(this.sql, "workflow.incident.opened", {
        ...(await this.eventRef()),
        elementId: t.elementId,
        message,
      });
    });
  }

  private async enqueueStep(t: TokenRow) {
    if (this.enqueued.has(t.id)) return;
    this.enqueued.add(t.id);
    await enqueue(this.sql, STEP_JOB, {
      payload: { instanceId: this.instance.id, tokenId: t.id },
      serialKey: `wf:${this.instance.id}`,
      maxAttempts: 10,
      backoffSeconds: 5,
    });
  }

  /** Runs ready tokens until all wait (or the budget is spent), then writes everything. */
  async run() {
    this.globals ??= usesGlobals(this.model) ? await loadGlobals(this.actor) : {};
    while (this.active) {
      const t = this.queue.shift();
      if (!t) {
        if (await this.settleJoins()) continue;
        if (await hooks.checkConditions?.(this)) continue;
        break;
      }
      if (t.state !== "ready" || !this.tokens.has(t.id)) continue;
      const el = this.el(t.elementId);
      if (this.budget <= 0 || (runsInOwnJob(el) && this.jobTokenId !== t.id)) {
        await this.enqueueStep(t);
        continue;
      }
      this.budget--;
      await this.execute(t, el);
    }
    for (const t of this.queue) if (t.state === "ready" && this.active) await this.enqueueStep(t);
    this.queue.length = 0;
    await this.flush();
  }

  private async execute(t: TokenRow, el: ElementDef) {
    this.record(t, "element.started");
    try {
      if (t.loopIndex === null && el.loop && hooks.enterLoop) await hooks.enterLoop(this, t, el);
      else {
        const b = behaviourOf(el);
        if (!b) throw new ElementError("unsupported", `${el.type} is not supported`);
        await b(this, t, el);
      }
      if (t.loopIndex === null && (t.state === "waiting" || t.state === "scope")) {
        await hooks.armBoundaries?.(this, t, el);
      }
    } catch (err) {
      if (err instanceof postgres.PostgresError) throw new ElementFailure(t.id, el.id, err);
      if (err instanceof ElementFailure) throw err;
      if (!this.tokens.has(t.id) || t.state === "incident") throw err;
      await this.incident(t, errorKind(err), (err as Error)?.message ?? String(err));
    }
  }

  /** Inclusive joins waiting for branches that can no longer arrive fire here. */
  private settleJoins(): Promise<boolean> {
    return hooks.settleJoins ? hooks.settleJoins(this) : Promise.resolve(false);
  }

  private async flush() {
    await saveInstance(this.sql, this.instance, this.end ?? undefined);
    await insertHistory(this.sql, this.history.splice(0));
    for (const e of this.events.splice(0)) await e();
  }
}
