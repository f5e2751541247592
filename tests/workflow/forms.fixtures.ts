/** A form-js schema the forms tests share: most field types and rules. */
export const EXPENSE = {
  type: "default",
  components: [
    {
      type: "textfield",
      key: "title",
      label: "Title",
      validate: { required: true, minLength: 3, maxLength: 20 },
    },
    {
      type: "number",
      key: "amount",
      label: "Amount",
      validate: { required: true, min: 1, max: 1000 },
    },
    { type: "textfield", key: "code", label: "Code", validate: { pattern: "^[A-Z]{2}\\d{3}$" } },
    { type: "textfield", key: "mail", label: "Mail", validate: { validationType: "email" } },
    { type: "textfield", key: "phone", label: "Phone", validate: { validationType: "phone" } },
    {
      type: "select",
      key: "kind",
      label: "Kind",
      values: [{ label: "Travel", value: "travel" }, { label: "Office", value: "office" }],
    },
    {
      type: "checklist",
      key: "tags",
      label: "Tags",
      values: [{ label: "A", value: "a" }, { label: "B", value: "b" }],
    },
    { type: "checkbox", key: "urgent", label: "Urgent" },
    { type: "datetime", key: "payOn", label: "Pay on", subtype: "date" },
    { type: "textarea", key: "why", label: "Why", conditional: { hide: "=amount < 100" } },
    { type: "text", text: "# Expense" },
  ],
};
