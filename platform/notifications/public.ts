/** In-app notifications, e-mail through the outbox, message templates and notification rules. */
export { notify, safeLink } from "./notify.service.ts";
export {
  type MailAttachmentRef,
  type MailAttachmentSource,
  newMessageId,
  type OutgoingMail,
  queueMail,
  registerMailAttachmentSource,
} from "./mail.service.ts";
export { escapeHtml, type MessageTemplate, placeholders, renderTemplate } from "./templates.lib.ts";
export { createRule, deleteRule, listRules, setRuleEnabled } from "./rules.repo.ts";
export { RuleAction, RuleCondition, RuleInput } from "./rules.schemas.ts";
export { listNotifications, type NotificationRow } from "./notifications.repo.ts";
export { NotificationItem } from "./notifications.view.tsx";
// Publishing moved to the events bus (platform/events); modules still find it here.
export { eventPublisher, type Publish } from "../events/public.ts";
