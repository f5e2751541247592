/**
 * Helpers beside the properties panel for the selected element: our role names for a user
 * task's candidate groups, and Automation agents / platform operations for a service task's
 * topic. The choices are rendered by the server; this shows the right box and applies a choice
 * through bpmn-js's modeling (undoable, and the properties panel follows).
 */
const splitList = (value) => String(value || "").split(",").map((s) => s.trim()).filter(Boolean);

export function attachHints(root, modeler) {
  const modeling = modeler.get("modeling");
  const userBox = root.querySelector("[data-hint='user-task']");
  const serviceBox = root.querySelector("[data-hint='service-task']");
  let selected = null;

  const refresh = () => {
    const type = selected?.type;
    if (userBox) userBox.hidden = type !== "bpmn:UserTask";
    if (serviceBox) serviceBox.hidden = type !== "bpmn:ServiceTask";
    if (userBox && type === "bpmn:UserTask") {
      const groups = splitList(selected.businessObject.get("camunda:candidateGroups"));
      const current = userBox.querySelector("[data-hint-current]");
      // Roles by their labels (the select's options); unknown names as written.
      const label = (key) =>
        [...(userBox.querySelector("#wf-hint-group")?.options ?? [])]
          .find((o) => o.value === key)?.textContent || key;
      if (current) current.textContent = groups.map(label).join(", ") || current.dataset.none || "";
    }
  };

  modeler.on("selection.changed", ({ newSelection }) => {
    selected = newSelection.length === 1 ? newSelection[0] : null;
    refresh();
  });
  modeler.on("element.changed", ({ element }) => {
    if (selected && element === selected) refresh();
  });

  root.querySelector("[data-hint-action='add-group']")?.addEventListener("click", () => {
    const value = root.querySelector("#wf-hint-group")?.value;
    if (!selected || selected.type !== "bpmn:UserTask" || !value) return;
    const groups = splitList(selected.businessObject.get("camunda:candidateGroups"));
    if (!groups.includes(value)) groups.push(value);
    modeling.updateProperties(selected, { "camunda:candidateGroups": groups.join(",") });
  });

  root.querySelector("[data-hint-action='use-topic']")?.addEventListener("click", () => {
    const value = root.querySelector("#wf-hint-topic")?.value;
    if (!selected || selected.type !== "bpmn:ServiceTask" || !value) return;
    modeling.updateProperties(selected, {
      "camunda:type": "external",
      "camunda:topic": value,
      "camunda:class": undefined,
      "camunda:expression": undefined,
      "camunda:delegateExpression": undefined,
    });
  });
}
