/**
 * One step of one instance: the interpreter. A Step is opened on a locked instance (FOR UPDATE),
 * runs ready tokens through their elements until every token waits (synchronous elements in
 * this transaction, at most MAX_INLINE of them; service and send tasks and asyncBefore elements
 * in a queue job of their own), then writes the instance, its history and its events. Each
 * token row is one visit of one element; a token that is not `ready` is never run again, so a
 * repeated job or a second dispatcher does nothing.
 */
import postgres from "postgres";
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import type { ElementDef, ProcessModel } from "../common/model.ts";
import { STEP_JOB } from "../common/model.ts";
import { boundariesOf, elementOf, runsInOwnJob } from "./engine.rules.ts";
import {
  behaviourOf,
  ElementError,
  ElementFailure,
  errorKind,
  hooks,
} from "./engine.behaviours.ts";
import * as flow from "./engine.flow.ts";
import {
  type HistoryRow,
  insertHistory,
  insertToken,
  type InstanceRow,
  liveTokens,
  lockInstance,
  saveInstance,
  saveToken,
  type TokenRow,
  type Vars,
  versionModel,
} from "./engine.repo.ts";

export {
  type Behaviour,
  defineBehaviour,
  ElementError,
  ElementFailure,
  hooks,
  isElementError,
  setJoinSettler,
} from "./engine.behaviours.ts";
export { subtree } from "./engine.flow.ts";

/** Synchronous elements run per transaction before the rest continues in a queue job. */
export const MAX_INLINE = 200;

export class Step {
  readonly tokens = new Map<string, TokenRow>();
  private readonly queue: TokenRow[] = [];
  private readonly history: HistoryRow[] = [];
  private readonly events: (() => Promise<void>)[] = [];
  private readonly enqueued = new Set<string>();
  private budget = MAX_INLINE;
  private varsChanged = new Set<string>();
  /** How the instance ended in this step (written by flush); null while it runs on. */
  end: { state: InstanceRow["state"]; endElementId: string | null } | null = null;
  /** The token a queue job was started for: only it may run an element that needs a job. */
  jobTokenId: string | null = null;
  /** A queue job's step: history shows no person as its actor. */
  system = false;

  private constructor(
    readonly actor: Actor,
    readonly instance: InstanceRow,
    readonly model: ProcessModel,
  ) {}

  get sql() {
    return this.actor.sql;
  }

  /** Locks the instance and loads its live tokens; null when it does not exist. */
  static async open(actor: Actor, instanceId: string): Promise<Step | null> {
    const instance = await lockInstance(actor.sql, instanceId);
    if (!instance) return null;
    const model = await versionModel(actor.sql, instance.versionId);
    const step = new Step(actor, instance, model);
    for (const t of await liveTokens(actor.sql, instanceId)) step.tokens.set(t.id, t);
    return step;
  }

  /** A new instance's first step (the row was just inserted). */
  static fresh(actor: Actor, instance: InstanceRow, model: ProcessModel): Step {
    return new Step(actor, instance, model);
  }

  get active() {
    return this.instance.state === "active";
  }

  el(id: string): ElementDef {
    return elementOf(this.model, id);
  }

  record(t: TokenRow | null, event: string, data: Vars = {}, elementId?: string) {
    const id = elementId ?? t?.elementId ?? null;
    this.history.push({
      instanceId: this.instance.id,
      tokenId: t?.id ?? null,
      elementId: id,
      elementType: id ? this.model.elements[id]?.type ?? null : null,
      event,
      actor: this.system ? null : this.actor.session.userId || null,
      data,
    });
  }

  publish(fn: () => Promise<void>) {
    this.events.push(fn);
  }

  /** The variables an expression of this token sees: process, then each enclosing scope's. */
  varsOf(t: TokenRow | null): Vars {
    const chain: TokenRow[] = [];
    for (
      let cur = t;
      cur;
      cur = cur.parentTokenId ? this.tokens.get(cur.parentTokenId) ?? null : null
    ) {
      chain.unshift(cur);
    }
    return Object.assign({}, this.instance.variables, ...chain.map((c) => c.vars));
  }

  setVars(values: Vars, t: TokenRow | null = null) {
    const names = Object.keys(values);
    if (!names.length) return;
    Object.assign(this.instance.variables, values);
    for (const n of names) this.varsChanged.add(n);
    this.record(t, "variables.changed", { names });
  }

  parentOf(t: TokenRow): TokenRow | null {
    return t.parentTokenId ? this.tokens.get(t.parentTokenId) ?? null : null;
  }

  childrenOf(parentId: string | null): TokenRow[] {
    return [...this.tokens.values()].filter((x) => x.parentTokenId === parentId);
  }

  async spawn(
    elementId: string,
    parentTokenId: string | null,
    opts: { viaFlow?: string | null; loopIndex?: number | null; vars?: Vars } = {},
  ): Promise<TokenRow> {
    const t: TokenRow = {
      id: uuidv7(),
      instanceId: this.instance.id,
      elementId,
      state: "ready",
      parentTokenId,
      loopIndex: opts.loopIndex ?? null,
      vars: opts.vars ?? {},
      viaFlow: opts.viaFlow ?? null,
    };
    await insertToken(this.sql, t);
    this.tokens.set(t.id, t);
    this.queue.push(t);
    return t;
  }

  /** Re-runs an existing ready token in this step (retry, resumed job). */
  schedule(t: TokenRow) {
    this.queue.push(t);
  }

  async setState(t: TokenRow, state: TokenRow["state"]) {
    t.state = state;
    await saveToken(this.sql, t);
    if (state === "done" || state === "cancelled") this.tokens.delete(t.id);
  }

  /** The flows an element leaves by: unconditioned or true ones, else its default. */
  chooseFlows(el: ElementDef, t: TokenRow, lenient = false): string[] {
    return flow.chooseFlows(this, el, t, lenient);
  }

  hasBoundaries(activityId: string): boolean {
    return boundariesOf(this.model, activityId).length > 0;
  }

  /** The element is done: the token ends and new tokens go out on the chosen flows. */
  leave(t: TokenRow, flows?: string[]): Promise<void> {
    return flow.leave(this, t, flows);
  }

  /** A path ended in a scope: the scope (subprocess, process) completes when nothing lives in it. */
  afterEnd(t: TokenRow): Promise<void> {
    return flow.afterEnd(this, t);
  }

  completeInstance(endElementId: string | null, state: "completed" | "terminated") {
    return flow.completeInstance(this, endElementId, state);
  }

  eventRef() {
    return flow.eventRef(this);
  }

  /** Marks the instance ended by cancel (instance API). */
  markEnded(state: "cancelled") {
    this.end = { state, endElementId: null };
    this.instance.state = state;
  }

  incident(t: TokenRow, kind: string, message: string): Promise<void> {
    return flow.incident(this, t, kind, message);
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
    while (this.active) {
      const t = this.queue.shift();
      if (!t) {
        if (await this.settleJoins()) continue;
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
        const b = behaviourOf(el.type);
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
