/**
 * The token bookkeeping of a step (the Step of engine.step.ts builds on it): the instance's live
 * tokens in memory, spawning and state changes written through, the variables a token sees,
 * and the history and events collected for the end of the step.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import type { ElementDef, ProcessModel } from "../common/model.lib.ts";
import { boundariesOf, elementOf } from "./engine.rules.ts";
import {
  type HistoryRow,
  insertToken,
  type InstanceRow,
  saveToken,
  type TokenRow,
  type Vars,
} from "./engine.repo.ts";

export class TokenBook {
  readonly tokens = new Map<string, TokenRow>();
  protected readonly queue: TokenRow[] = [];
  protected readonly history: HistoryRow[] = [];
  protected readonly events: (() => Promise<void>)[] = [];
  /** Variable names written in this step (conditional events are re-checked after a change). */
  readonly varsChanged = new Set<string>();
  /** How the instance ended in this step (written by flush); null while it runs on. */
  end: { state: InstanceRow["state"]; endElementId: string | null } | null = null;
  /** The token a queue job was started for: only it may run an element that needs a job. */
  jobTokenId: string | null = null;
  /** A queue job's step: history shows no person as its actor. */
  system = false;

  protected constructor(
    readonly actor: Actor,
    readonly instance: InstanceRow,
    readonly model: ProcessModel,
  ) {}

  get sql() {
    return this.actor.sql;
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

  hasBoundaries(activityId: string): boolean {
    return boundariesOf(this.model, activityId).length > 0;
  }

  /** Tokens live in a scope and below it (cancel takes the whole subtree). */
  subtree(root: TokenRow): TokenRow[] {
    const out: TokenRow[] = [];
    const walk = (id: string) => {
      for (const c of this.childrenOf(id)) {
        out.push(c);
        walk(c.id);
      }
    };
    walk(root.id);
    return out;
  }
}
