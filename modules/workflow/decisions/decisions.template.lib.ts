/** The DMN file a new decision starts from: a small UNIQUE table people edit in dmn-js. */

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A decision table with one input (amount), one output (approver) and three rules. */
export function templateDmn(key: string, name: string): string {
  const n = escape(name);
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:dmndi="https://www.omg.org/spec/DMN/20191111/DMNDI/" xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" id="definitions_${key}" name="${n}" namespace="http://camunda.org/schema/1.0/dmn">
  <decision id="${key}" name="${n}">
    <decisionTable id="${key}_table" hitPolicy="UNIQUE">
      <input id="${key}_in_amount" label="Amount">
        <inputExpression id="${key}_in_amount_expr" typeRef="number">
          <text>amount</text>
        </inputExpression>
      </input>
      <output id="${key}_out_approver" label="Approver" name="approver" typeRef="string" />
      <rule id="${key}_r1">
        <inputEntry id="${key}_r1_i1"><text>&lt; 1000</text></inputEntry>
        <outputEntry id="${key}_r1_o1"><text>"team lead"</text></outputEntry>
      </rule>
      <rule id="${key}_r2">
        <inputEntry id="${key}_r2_i1"><text>[1000..10000)</text></inputEntry>
        <outputEntry id="${key}_r2_o1"><text>"manager"</text></outputEntry>
      </rule>
      <rule id="${key}_r3">
        <inputEntry id="${key}_r3_i1"><text>&gt;= 10000</text></inputEntry>
        <outputEntry id="${key}_r3_o1"><text>"director"</text></outputEntry>
      </rule>
    </decisionTable>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="${key}_diagram">
      <dmndi:DMNShape id="${key}_shape" dmnElementRef="${key}">
        <dc:Bounds height="80" width="180" x="160" y="100" />
      </dmndi:DMNShape>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>
</definitions>
`;
}
