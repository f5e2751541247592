/**
 * The designer page's body: toolbar, status line, problem list, the bpmn-js canvas and a side
 * column with our hints and the properties panel. client/designer.entry.js brings it to life.
 */
import { Button, Icon, type Translate, useT } from "../../../ui/kit.ts";
import { DESIGNER_CSS, DESIGNER_JS } from "./designer.assets.lib.ts";

export interface Choice {
  value: string;
  label: string;
}

export interface DesignerProps {
  /** Where the page's own actions are posted (…/save, …/validate, …/deploy). */
  base: string;
  definitionId: string | null;
  xml: string;
  roles: Choice[];
  agents: Choice[];
  operations: Choice[];
}

/** Texts the client shows after an action that the server does not answer with. */
const clientMessages = (t: Translate) => ({
  failed: t("workflow.designer.failed"),
  imported: t("workflow.designer.imported"),
  importFailed: t("workflow.designer.importFailed"),
});

function Hints(
  { roles, agents, operations }: Omit<DesignerProps, "base" | "definitionId" | "xml">,
) {
  const t = useT();
  return (
    <>
      <section class="wf-designer-hints" data-hint="user-task" hidden>
        <h2 class="card-title">{t("workflow.designer.hint.groupsTitle")}</h2>
        <div class="wf-hint-row">
          <label>
            {t("workflow.designer.hint.group")}
            <select id="wf-hint-group">
              {roles.map((r) => <option value={r.value}>{r.label}</option>)}
            </select>
          </label>
          <Button variant="secondary" small icon="plus" data-hint-action="add-group">
            {t("workflow.designer.hint.addGroup")}
          </Button>
        </div>
        <p>
          {t("workflow.designer.hint.current")}{" "}
          <span data-hint-current data-none={t("workflow.designer.hint.none")}></span>
        </p>
        <p>{t("workflow.designer.hint.groupsHelp")}</p>
      </section>
      <section class="wf-designer-hints" data-hint="service-task" hidden>
        <h2 class="card-title">{t("workflow.designer.hint.topicTitle")}</h2>
        <div class="wf-hint-row">
          <label>
            {t("workflow.designer.hint.topic")}
            <select id="wf-hint-topic">
              <optgroup label={t("workflow.designer.hint.agents")}>
                {agents.length
                  ? agents.map((a) => <option value={a.value}>{a.label}</option>)
                  : <option value="" disabled>{t("workflow.designer.hint.noAgents")}</option>}
              </optgroup>
              <optgroup label={t("workflow.designer.hint.operations")}>
                {operations.map((o) => <option value={o.value}>{o.label}</option>)}
              </optgroup>
            </select>
          </label>
          <Button variant="secondary" small icon="check" data-hint-action="use-topic">
            {t("workflow.designer.hint.useTopic")}
          </Button>
        </div>
        <p>{t("workflow.designer.hint.topicHelp")}</p>
      </section>
    </>
  );
}

export function DesignerView(props: DesignerProps) {
  const t = useT();
  const { base, definitionId, xml } = props;
  return (
    <div
      id="wf-designer"
      class="wf-designer wf-bpmn"
      data-base={base}
      data-definition={definitionId ?? undefined}
      data-xml={xml}
      data-messages={JSON.stringify(clientMessages(t))}
    >
      <link rel="stylesheet" href={DESIGNER_CSS} />
      <div class="wf-designer-toolbar" role="toolbar" aria-label={t("workflow.designer.toolbar")}>
        <Button icon="save" data-action="save">{t("workflow.designer.save")}</Button>
        <Button variant="secondary" icon="list-checks" data-action="validate">
          {t("workflow.designer.validate")}
        </Button>
        <Button variant="secondary" icon="rocket" data-action="deploy">
          {t("workflow.designer.deploy")}
        </Button>
        <Button variant="ghost" icon="download" data-action="download">
          {t("workflow.designer.download")}
        </Button>
        <input
          type="file"
          id="wf-import"
          class="wf-designer-file"
          accept=".bpmn,.xml,application/xml,text/xml"
          data-import
        />
        <label for="wf-import" class="btn btn-ghost">
          <Icon name="upload" size={16} />
          <span>{t("workflow.designer.import")}</span>
        </label>
      </div>
      <p class="wf-designer-status" role="status" aria-live="polite"></p>
      <ul class="wf-designer-problems" aria-live="polite"></ul>
      <div class="wf-designer-body">
        <div
          class="wf-designer-canvas"
          role="group"
          aria-label={t("workflow.designer.canvas")}
        >
        </div>
        <aside class="wf-designer-side" aria-label={t("workflow.designer.properties")}>
          <Hints roles={props.roles} agents={props.agents} operations={props.operations} />
          <div class="wf-designer-panel"></div>
        </aside>
      </div>
      <script type="module" src={DESIGNER_JS}></script>
    </div>
  );
}
