/**
 * One minimal process per thing the designer offers (designer.offers.ts): the element under
 * test (`subject`), what the engine must do with it, and how a test drives it to its end
 * through the public API. `runs`: deploys and reaches its end; `refused`: the deployment is
 * refused naming the element; `either`: not asked of the engine, but if it deploys it must run.
 */
import type { Offer } from "./designer.offers.ts";
import type { Drive, Scenario } from "./designer.xml.ts";
import { chain, decision, Defs, el, end, flow, start, task, user } from "./designer.xml.ts";
import { eventScenario, eventSub } from "./designer.events.ts";

export const scenarioKey = (o: Offer) => `agree_${o.source.replace(/[^A-Za-z0-9]+/g, "_")}`;

const local = (t: string | undefined) => (t ?? "").replace(/^bpmn:/, "");

/** The scenario for an offer; throws when the designer offers something nobody wrote one for. */
export function scenarioFor(o: Offer): Scenario {
  const key = scenarioKey(o);
  const d = new Defs(key);
  const type = local(o.type);
  const kind = local(o.eventDefinitionType).replace(/EventDefinition$/, "");
  const simple = (x: string, expect: Scenario["expect"] = "runs"): Scenario => ({
    key,
    xml: d.xml(start() + x + end() + chain("s", "x", "e")),
    subject: "x",
    expect,
    run: (dr) => dr.start(),
    visits: ["x", "e"],
  });
  const basic = (extra: string, subject: string, expect: Scenario["expect"] = "runs") => ({
    key,
    xml: d.xml(start() + end() + chain("s", "e") + extra),
    subject,
    expect,
    run: (dr: Drive) => dr.start(),
    visits: ["e"],
  });

  if (o.panel === "executionListener" || o.panel === "taskListener") {
    const ext = o.panel === "executionListener"
      ? `<camunda:executionListener class="org.example.Audit" event="start"/>`
      : `<camunda:taskListener class="org.example.Notify" event="create"/>`;
    const inner = `<bpmn:extensionElements>${ext}</bpmn:extensionElements>`;
    return simple(
      o.panel === "executionListener" ? task("x", "", inner) : user("x", inner),
      "refused",
    );
  }
  if (o.source.startsWith("replace-header:")) return marker(o, d, simple, basic);
  if (type === "ServiceTask") {
    const attrs: Record<string, string> = {
      class: 'camunda:class="org.example.Charge"',
      expression: 'camunda:expression="${charge.run()}"',
      delegateExpression: 'camunda:delegateExpression="${charge}"',
      connector: "",
      external: `camunda:type="external" camunda:topic="${key}"`,
    };
    const inner = o.panel === "connector"
      ? `<bpmn:extensionElements><camunda:connector><camunda:connectorId>http-connector</camunda:connectorId></camunda:connector></bpmn:extensionElements>`
      : "";
    const s = simple(el("serviceTask", "x", attrs[o.panel ?? ""] ?? "", inner), "refused");
    if (o.panel !== "external") return s;
    return {
      ...s,
      expect: "runs",
      run: async (dr) => {
        const id = await dr.start();
        await dr.external(key);
        return id;
      },
    };
  }
  switch (type) {
    case "Task":
    case "ManualTask":
      return simple(el(type === "Task" ? "task" : "manualTask", "x"));
    case "UserTask":
      return {
        ...simple(user("x")),
        run: async (dr) => {
          const id = await dr.start();
          await dr.task(id, "x");
          return id;
        },
      };
    case "SendTask":
      return simple(el(
        "sendTask",
        "x",
        "",
        `<bpmn:extensionElements><camunda:inputOutput>` +
          `<camunda:inputParameter name="to">ops@example.com</camunda:inputParameter>` +
          `<camunda:inputParameter name="subject">Hello</camunda:inputParameter>` +
          `<camunda:inputParameter name="body">Sent by ${key}</camunda:inputParameter>` +
          `</camunda:inputOutput></bpmn:extensionElements>`,
      ));
    case "ReceiveTask":
      d.msg();
      return {
        ...simple(el("receiveTask", "x", 'messageRef="Msg"')),
        run: async (dr) => {
          const id = await dr.start();
          await dr.message(d.msgName);
          return id;
        },
      };
    case "ScriptTask":
      return simple(
        el(
          "scriptTask",
          "x",
          'scriptFormat="feel" camunda:resultVariable="r"',
          "<bpmn:script>1 + 1</bpmn:script>",
        ),
      );
    case "BusinessRuleTask":
      return {
        ...simple(
          el(
            "businessRuleTask",
            "x",
            `camunda:decisionRef="${key}_d" camunda:mapDecisionResult="singleEntry" camunda:resultVariable="r"`,
          ),
        ),
        before: (dr) => dr.deployDecision(decision(`${key}_d`)),
      };
    case "CallActivity":
      return {
        ...simple(el("callActivity", "x", `calledElement="${key}_called"`)),
        before: (dr) =>
          dr.deployProcess(new Defs(`${key}_called`).xml(start() + end() + chain("s", "e"))),
      };
    case "SubProcess":
      if (o.triggeredByEvent) {
        return eventSub(key, {
          ...o,
          eventDefinitionType: "bpmn:MessageEventDefinition",
          isInterrupting: true,
        });
      }
      return simple(el("subProcess", "x", "", start("xs") + end("xe") + chain("xs", "xe")));
    case "Transaction":
      return simple(
        el("transaction", "x", "", start("xs") + end("xe") + chain("xs", "xe")),
        "refused",
      );
    case "AdHocSubProcess":
      return simple(el("adHocSubProcess", "x", "", task("xa")), "refused");
    case "DataObjectReference":
      return basic(
        `<bpmn:dataObject id="do"/><bpmn:dataObjectReference id="x" dataObjectRef="do"/>`,
        "x",
      );
    case "DataStoreReference":
      return basic(`<bpmn:dataStoreReference id="x"/>`, "x");
    case "Group":
      return basic(`<bpmn:group id="x"/>`, "x");
    case "Participant": {
      const pools =
        `<bpmn:collaboration id="c"><bpmn:participant id="p" name="Us" processRef="${key}"/>` +
        (o.isExpanded === false ? `<bpmn:participant id="x" name="Partner"/>` : "") +
        `</bpmn:collaboration>`;
      const b = basic(
        "",
        o.isExpanded === false ? "x" : "p",
        o.isExpanded === false ? "either" : "runs",
      );
      return { ...b, xml: d.xml(start() + end() + chain("s", "e"), pools) };
    }
    case "ExclusiveGateway":
    case "InclusiveGateway": {
      const tag = type === "ExclusiveGateway" ? "exclusiveGateway" : "inclusiveGateway";
      const join = type === "InclusiveGateway"
        ? el(tag, "j") + chain("a", "j") + chain("b", "j") + chain("j", "e")
        : chain("a", "e") + chain("b", "e");
      return {
        key,
        xml: d.xml(
          start() + el(tag, "x", 'default="x_b"') + task("a") + task("b") + end() +
            chain("s", "x") + flow("x", "a", "${n &gt; 1}") + flow("x", "b") + join,
        ),
        subject: "x",
        expect: "runs",
        run: (dr) => dr.start({ n: 2 }),
        visits: ["x", "a"],
      };
    }
    case "ParallelGateway":
      return {
        key,
        subject: "x",
        expect: "runs",
        run: (dr) => dr.start(),
        visits: ["a", "b", "j"],
        xml: d.xml(
          start() + el("parallelGateway", "x") + task("a") + task("b") +
            el("parallelGateway", "j") + end() + chain("s", "x", "a", "j", "e") +
            chain("x", "b", "j"),
        ),
      };
    case "ComplexGateway":
      return {
        key,
        subject: "x",
        expect: "refused",
        xml: d.xml(start() + el("complexGateway", "x") + end() + chain("s", "x", "e")),
      };
    case "EventBasedGateway":
      return {
        key,
        subject: "x",
        expect: "runs",
        visits: ["mc", "e1"],
        xml: d.xml(
          start() + el("eventBasedGateway", "x") + el("intermediateCatchEvent", "mc", "", d.msg()) +
            el("intermediateCatchEvent", "tc", "", d.timer()) + end("e1") + end("e2") +
            chain("s", "x", "mc", "e1") + chain("x", "tc", "e2"),
        ),
        run: async (dr) => {
          const id = await dr.start();
          await dr.message(d.msgName);
          return id;
        },
      };
    case "SequenceFlow": {
      if (o.panel === "sequence-flow") return simple(task("x"));
      const xml = d.xml(
        start() + task("x", 'default="x_b"') + end("a") + end("b") + chain("s", "x") +
          flow("x", "a", "${n &gt; 1}") + flow("x", "b"),
      );
      const n = o.panel === "default-flow" ? 0 : 2;
      const target = o.panel === "default-flow" ? "b" : "a";
      return {
        key,
        xml,
        subject: "x",
        expect: "either",
        run: (dr) => dr.start({ n }),
        visits: [target],
      };
    }
  }
  if (type.endsWith("Event")) return eventScenario(key, o, d, type, kind);
  throw new Error(`no scenario for ${JSON.stringify(o)}`);
}

/** The replace menu's markers: multi-instance (both kinds), standard loop, collection, multiplicity. */
function marker(
  o: Offer,
  d: Defs,
  simple: (x: string, expect?: Scenario["expect"]) => Scenario,
  basic: (extra: string, subject: string, expect?: Scenario["expect"]) => Scenario,
): Scenario {
  switch (o.panel) {
    case "parallel-mi":
    case "sequential-mi": {
      const mi =
        `<bpmn:multiInstanceLoopCharacteristics isSequential="${o.panel === "sequential-mi"}">` +
        `<bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">2</bpmn:loopCardinality>` +
        `</bpmn:multiInstanceLoopCharacteristics>`;
      return {
        ...simple(user("x", mi)),
        run: async (dr) => {
          const id = await dr.start();
          await dr.task(id, "x");
          await dr.task(id, "x");
          return id;
        },
      };
    }
    case "standard-loop":
      return simple(task("x", "", "<bpmn:standardLoopCharacteristics/>"), "refused");
    case "collection":
      return basic(
        `<bpmn:dataObject id="do" isCollection="true"/><bpmn:dataObjectReference id="x" dataObjectRef="do"/>`,
        "x",
      );
    default: {
      const b = basic("", "p");
      const pool =
        `<bpmn:collaboration id="c"><bpmn:participant id="p" name="Us" processRef="${d.key}">` +
        `<bpmn:participantMultiplicity minimum="0" maximum="2"/></bpmn:participant></bpmn:collaboration>`;
      return { ...b, xml: d.xml(start() + end() + chain("s", "e"), pool) };
    }
  }
}
