/**
 * The event scenarios of the designer agreement test: start, intermediate, end and boundary
 * events of each kind the designer offers, and event subprocesses with each start kind.
 */
import type { Offer } from "./designer.offers.ts";
import {
  chain,
  Defs,
  type Drive,
  el,
  end,
  type Scenario,
  start,
  task,
  user,
} from "./designer.xml.ts";

const TOMORROW = () => new Date(Date.now() + 86_400_000).toISOString();

/** How each kind is set off from outside once the instance waits for it. */
function trigger(kind: string, d: Defs): ((dr: Drive, id: string) => Promise<void>) | null {
  switch (kind) {
    case "Message":
      return (dr) => dr.message(d.msgName);
    case "Signal":
      return (dr) => dr.signal(d.sigName);
    case "Timer":
      return (dr) => dr.timers();
    case "Conditional":
      return (dr, id) => dr.task(id, "set", { go: true });
  }
  return null;
}

export function eventScenario(
  key: string,
  o: Offer,
  d: Defs,
  type: string,
  kind: string,
): Scenario {
  const base = { key, subject: "x" };
  const def = () => d.of(o.eventDefinitionType);
  const line = (x: string, expect: Scenario["expect"] = "runs"): Scenario => ({
    ...base,
    xml: d.xml(start() + x + end() + chain("s", "x", "e")),
    expect,
    run: (dr) => dr.start(),
    visits: ["x", "e"],
  });
  const linkPair = (): Scenario => ({
    ...base,
    expect: "refused",
    xml: d.xml(
      start() +
        el("intermediateThrowEvent", type === "IntermediateCatchEvent" ? "lt" : "x", "", d.link()) +
        el("intermediateCatchEvent", type === "IntermediateCatchEvent" ? "x" : "lc", "", d.link()) +
        end() +
        chain("s", type === "IntermediateCatchEvent" ? "lt" : "x") +
        chain(type === "IntermediateCatchEvent" ? "x" : "lc", "e"),
    ),
  });

  if (type === "StartEvent") {
    if (o.eventSubprocess) return eventSub(key, o);
    const s: Scenario = {
      ...base,
      expect: "runs",
      xml: d.xml(
        start("x", kind === "Timer" ? d.timer("timeDate", TOMORROW()) : def()) + end() +
          chain("x", "e"),
      ),
      visits: ["x", "e"],
    };
    if (kind === "") return { ...s, run: (dr) => dr.start() };
    if (kind === "Message") {
      return {
        ...s,
        run: async (dr) => (await dr.message(d.msgName, { start: true }), dr.latest()),
      };
    }
    if (kind === "Signal") {
      return { ...s, run: async (dr) => (await dr.signal(d.sigName), dr.latest()) };
    }
    if (kind === "Timer") return { ...s, run: async (dr) => (await dr.timers(), dr.latest()) };
    // Camunda 7 starts conditional start events through its /condition API, which we lack.
    return { ...s, expect: "refused", run: undefined };
  }

  if (type === "IntermediateThrowEvent") {
    if (kind === "Link") return linkPair();
    if (kind === "Message") {
      const x = el(
        "intermediateThrowEvent",
        "x",
        "",
        d.msg(`camunda:type="external" camunda:topic="${key}"`),
      );
      return {
        ...line(x),
        run: async (dr) => {
          const id = await dr.start();
          await dr.external(key);
          return id;
        },
      };
    }
    return line(el("intermediateThrowEvent", "x", "", def()));
  }

  if (type === "IntermediateCatchEvent") {
    if (kind === "Link") return linkPair();
    const go = trigger(kind, d)!;
    if (kind === "Conditional") {
      // The variable changes while the event waits: a parallel user task sets it.
      return {
        ...base,
        expect: "runs",
        visits: ["x", "e"],
        xml: d.xml(
          start() + el("parallelGateway", "f") + el("intermediateCatchEvent", "x", "", def()) +
            user("set") + end() + end("e2") + chain("s", "f", "x", "e") + chain("f", "set", "e2"),
        ),
        run: async (dr) => {
          const id = await dr.start({ go: false });
          await go(dr, id);
          return id;
        },
      };
    }
    return {
      ...line(el("intermediateCatchEvent", "x", "", def())),
      run: async (dr) => {
        const id = await dr.start();
        await go(dr, id);
        return id;
      },
    };
  }

  if (type === "EndEvent") {
    switch (kind) {
      case "Message": {
        const x = end("x", d.msg(`camunda:type="external" camunda:topic="${key}"`));
        return {
          ...base,
          expect: "either",
          xml: d.xml(start() + x + chain("s", "x")),
          visits: ["x"],
          run: async (dr) => {
            const id = await dr.start();
            await dr.external(key);
            return id;
          },
        };
      }
      case "Error":
        return {
          ...base,
          expect: "runs",
          visits: ["x", "b", "be"],
          xml: d.xml(
            start() +
              el("subProcess", "sub", "", start("ss") + end("x", def()) + chain("ss", "x")) +
              end() + el("boundaryEvent", "b", 'attachedToRef="sub"', d.err()) + end("be") +
              chain("s", "sub", "e") + chain("b", "be"),
          ),
          run: (dr) => dr.start(),
        };
      case "Cancel":
        return {
          ...base,
          expect: "refused",
          xml: d.xml(start() + end("x", def()) + chain("s", "x")),
        };
      case "Terminate":
        return {
          ...base,
          expect: "runs",
          visits: ["x"],
          ends: "terminated",
          xml: d.xml(
            start() + el("parallelGateway", "f") + user("w") + end() + end("x", def()) +
              chain("s", "f", "w", "e") + chain("f", "x"),
          ),
          run: (dr) => dr.start(),
        };
      default: // none, escalation (uncaught: nothing happens), compensation (nothing to undo), signal
        return {
          ...base,
          expect: "runs",
          xml: d.xml(start() + end("x", def()) + chain("s", "x")),
          visits: ["x"],
          run: (dr) => dr.start(),
        };
    }
  }

  if (type === "BoundaryEvent") return boundary(key, o, d, kind);
  throw new Error(`no scenario for ${JSON.stringify(o)}`);
}

function boundary(key: string, o: Offer, d: Defs, kind: string): Scenario {
  const interrupting = o.cancelActivity !== false;
  const b = (host: string) =>
    el(
      "boundaryEvent",
      "x",
      `attachedToRef="${host}" cancelActivity="${interrupting}"`,
      d.of(o.eventDefinitionType),
    );
  const base = { key, subject: "x", visits: ["x", "be"] };
  const finish = async (dr: Drive, id: string, host: string) => {
    if (!interrupting) await dr.task(id, host);
    return id;
  };
  switch (kind) {
    case "Message":
    case "Signal":
    case "Timer": {
      const go = trigger(kind, d)!;
      return {
        ...base,
        expect: "runs",
        xml: d.xml(
          start() + user("w") + end() + b("w") + end("be") + chain("s", "w", "e") +
            chain("x", "be"),
        ),
        run: async (dr) => {
          const id = await dr.start();
          await go(dr, id);
          return finish(dr, id, "w");
        },
      };
    }
    case "Conditional":
      return {
        ...base,
        expect: "runs",
        xml: d.xml(
          start() + el("parallelGateway", "f") + user("w") + user("set") + end() + end("e2") +
            b("w") +
            end("be") + chain("s", "f", "w", "e") + chain("f", "set", "e2") + chain("x", "be"),
        ),
        run: async (dr) => {
          const id = await dr.start({ go: false });
          await dr.task(id, "set", { go: true });
          return finish(dr, id, "w");
        },
      };
    case "Escalation":
    case "Error": {
      const inner = kind === "Error"
        ? start("ss") + end("xe", d.err()) + chain("ss", "xe")
        : start("ss") + el("intermediateThrowEvent", "xt", "", d.esc()) + user("w") + end("se") +
          chain("ss", "xt", "w", "se");
      return {
        ...base,
        expect: "runs",
        xml: d.xml(
          start() + el("subProcess", "sub", "", inner) + end() + b("sub") + end("be") +
            chain("s", "sub", "e") + chain("x", "be"),
        ),
        run: async (dr) => finish(dr, await dr.start(), "w"),
      };
    }
    case "Compensate":
      return {
        ...base,
        expect: "runs",
        visits: ["undo", "e"],
        xml: d.xml(
          start() + task("book") + b("book") + task("undo", 'isForCompensation="true"') +
            `<bpmn:association id="toUndo" associationDirection="One" sourceRef="x" targetRef="undo"/>` +
            el("intermediateThrowEvent", "ct", "", d.comp()) + end() +
            chain("s", "book", "ct", "e"),
        ),
        run: (dr) => dr.start(),
      };
    default: // cancel: only for transactions, which are not run
      return {
        ...base,
        expect: "refused",
        xml: d.xml(
          start() + task("w") + end() + b("w") + end("be") + chain("s", "w", "e") +
            chain("x", "be"),
        ),
      };
  }
}

/** start → (what the trigger needs) → end, with an event subprocess started by `o`'s kind. */
export function eventSub(key: string, o: Offer): Scenario {
  const d = new Defs(key);
  const kind = (o.eventDefinitionType ?? "").replace(/^bpmn:|EventDefinition$/g, "");
  const interrupting = o.isInterrupting !== false;
  const sub = (inner: string) =>
    `<bpmn:subProcess id="es" name="es" triggeredByEvent="true">${inner}</bpmn:subProcess>`;
  const starter = start("x", d.of(o.eventDefinitionType), `isInterrupting="${interrupting}"`);
  const visits = ["x", "ese"];
  if (kind === "Compensate") {
    // Compensation event subprocesses live in a subprocess, run when it is compensated.
    const inner = start("ss") + task("book") + end("se") + chain("ss", "book", "se") +
      sub(starter + task("undo") + end("ese") + chain("x", "undo", "ese"));
    return {
      key,
      subject: "x",
      expect: "either",
      visits: ["x", "undo"],
      xml: d.xml(
        start() + el("subProcess", "sp", "", inner) +
          el("intermediateThrowEvent", "ct", "", d.comp()) +
          end() + chain("s", "sp", "ct", "e"),
      ),
      run: (dr) => dr.start(),
    };
  }
  const main = kind === "Error"
    ? start() + end("xe", d.err()) + chain("s", "xe")
    : kind === "Escalation"
    ? start() + el("intermediateThrowEvent", "xt", "", d.esc()) + user("w") + end() +
      chain("s", "xt", "w", "e")
    : kind === "Conditional"
    ? start() + user("set") + user("w") + end() + chain("s", "set", "w", "e")
    : start() + user("w") + end() + chain("s", "w", "e");
  const go = trigger(kind, d);
  return {
    key,
    subject: "x",
    expect: "runs",
    visits,
    xml: d.xml(main + sub(starter + end("ese") + chain("x", "ese"))),
    run: async (dr) => {
      const id = await dr.start({ go: false });
      if (go) await go(dr, id);
      if (!interrupting) await dr.task(id, "w");
      return id;
    },
  };
}
