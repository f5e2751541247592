/**
 * The process designer: bpmn-js's Modeler with the properties panel, the Camunda 7 properties
 * and behaviours and the Camunda moddle, mounted on the page's `#wf-designer` element.
 */
import Modeler from "bpmn-js/lib/Modeler";
import {
  BpmnPropertiesPanelModule,
  BpmnPropertiesProviderModule,
  CamundaPlatformPropertiesProviderModule,
} from "bpmn-js-properties-panel";
import CamundaBehaviorsModule from "camunda-bpmn-js-behaviors/lib/camunda-platform";
import camundaModdle from "camunda-bpmn-moddle/resources/camunda.json" with { type: "json" };
import { rendererColors } from "./theme.js";
import { h as preactH } from "diagram-js/lib/ui/index.js";

// diagram-js's popup markup is built with this h (see designer.build.ts, withOnePreact).
globalThis.__wfPreactH = preactH;
import { startDesigner } from "./designer.client.js";
import { attachHints } from "./designer.hints.js";
import { turkishModule } from "./translate.tr.js";

const root = document.getElementById("wf-designer");
if (root) {
  const modeler = new Modeler({
    container: root.querySelector(".wf-designer-canvas"),
    propertiesPanel: { parent: root.querySelector(".wf-designer-panel") },
    bpmnRenderer: rendererColors(root),
    additionalModules: [
      BpmnPropertiesPanelModule,
      BpmnPropertiesProviderModule,
      CamundaPlatformPropertiesProviderModule,
      CamundaBehaviorsModule,
      ...(document.documentElement.lang === "tr" ? [turkishModule] : []),
    ],
    moddleExtensions: { camunda: camundaModdle },
  });
  attachHints(root, modeler);
  startDesigner(root, modeler);
}
