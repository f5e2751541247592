/** Two data models most data tests start from: customers, and purchase orders referencing them. */
import assert from "node:assert/strict";
import type { TestTenant } from "../helpers.ts";

const API = "/api/workflow";

export const customerModel = {
  key: "customer",
  name: "Customer",
  fields: [
    { name: "name", label: "Name", type: "text", required: true },
    { name: "city", label: "City", type: "text" },
  ],
};

export const orderModel = {
  key: "purchase_order",
  name: "Purchase order",
  fields: [
    { name: "title", label: "Title", type: "text", required: true },
    { name: "amount", label: "Amount", type: "number", required: true },
    { name: "urgent", label: "Urgent", type: "boolean" },
    { name: "due", label: "Due", type: "date" },
    {
      name: "status",
      label: "Status",
      type: "enum",
      values: [{ value: "open", label: "Open" }, { value: "done", label: "Done" }],
    },
    { name: "customer", label: "Customer", type: "reference", model: "customer" },
    { name: "owner", label: "Owner", type: "user" },
  ],
};

export async function seedModels(t: TestTenant) {
  for (const model of [customerModel, orderModel]) {
    const res = await t.owner.call("POST", `${API}/data-models`, model);
    assert.equal(res.status, 201, await res.text());
  }
}
