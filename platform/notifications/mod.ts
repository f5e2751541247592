/**
 * Notifications: the in-app inbox (API, page, live stream), e-mail through the outbox, and the
 * notification rules, which see every published event (platform/events lists who handles what).
 */
import "./notifications.messages.ts";
import type { PlatformFeature } from "../../shared/modules.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { apiRouter } from "../../shared/http/router.ts";
import { notificationsEvents } from "./events.ts";
import { mountNotifications } from "./notifications.handlers.ts";
import { notificationsPages, outboxPages } from "./notifications.pages.tsx";
import { mailJobs } from "./mail.service.ts";
import { applyRules } from "./rules.service.ts";
import { unreadShell } from "./notifications.service.ts";

export const notifications = {
  name: "notifications",
  api: [["/api/notifications", apiRouter([mountNotifications])]],
  pages: [
    ["/admin/outbox", outboxPages],
    ["/notifications", notificationsPages],
  ],
  jobs: ({ config }) => mailJobs(config),
  events: notificationsEvents,
  onEvent: applyRules,
  shell: (c) => unreadShell(actorOf(c)),
} satisfies PlatformFeature;
