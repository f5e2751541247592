/** In-app notifications, e-mail through the outbox, message templates and notification rules. */
export { notify, safeLink } from "./notify.ts";
export { type OutgoingMail, queueMail } from "./mail.ts";
export { escapeHtml, type MessageTemplate, placeholders, renderTemplate } from "./templates.ts";
export {
  createRule,
  deleteRule,
  listRules,
  RuleAction,
  RuleCondition,
  RuleInput,
  setRuleEnabled,
} from "./rules.ts";
export { listNotifications, type NotificationRow } from "./notifications.repo.ts";
export { NotificationItem } from "./notifications.view.tsx";
export { eventPublisher, type Publish } from "./events.ts";
