/**
 * A read-only BPMN diagram: the XML and the ids of done, active and failed activities travel in
 * data attributes; the viewer bundle (client/viewer.entry.js) draws and marks them. Used on the
 * instance page (with marks) and the definition page (without).
 */
import { useT } from "../../../ui/kit.ts";
import { VIEWER_CSS, VIEWER_JS } from "./designer.assets.lib.ts";
import "./designer.messages.ts";

export interface ProcessDiagramProps {
  xml: string;
  done?: string[];
  active?: string[];
  incidents?: string[];
  /** An accessible name for the diagram (defaults to "Process diagram"). */
  label?: string;
}

export function ProcessDiagram(
  { xml, done = [], active = [], incidents = [], label }: ProcessDiagramProps,
) {
  const t = useT();
  const marked = done.length + active.length + incidents.length > 0;
  return (
    <div
      class="wf-diagram wf-bpmn"
      data-xml={xml}
      data-done={JSON.stringify(done)}
      data-active={JSON.stringify(active)}
      data-incidents={JSON.stringify(incidents)}
    >
      <link rel="stylesheet" href={VIEWER_CSS} />
      <div
        class="wf-diagram-canvas"
        role="group"
        aria-label={label ?? t("workflow.diagram.label")}
      >
      </div>
      <p class="wf-diagram-error" hidden>{t("workflow.diagram.failed")}</p>
      {marked && (
        <ul class="wf-diagram-legend">
          <li class="wf-legend-done">{t("workflow.diagram.done")}</li>
          <li class="wf-legend-active">{t("workflow.diagram.active")}</li>
          {incidents.length > 0 && (
            <li class="wf-legend-incident">{t("workflow.diagram.incident")}</li>
          )}
        </ul>
      )}
      <script type="module" src={VIEWER_JS}></script>
    </div>
  );
}
