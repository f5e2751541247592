import ical from "ical-generator";
import type { FeedTask } from "./ical.schemas.ts";

/** 256 random bits, URL-safe (base64url of 32 bytes). Only its SHA-256 is stored. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's path for a token (the page route and the public-path rule agree on it). */
export const feedPath = (token: string) => `/projects/ical/${token}.ics`;
export const FEED_PATH = /^\/projects\/ical\/[A-Za-z0-9_-]{43}\.ics$/;

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => {
  const d = utcDay(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/**
 * The person's tasks as an iCalendar document: one all-day event per task from its start date
 * (or its due date) to its due date, UID stable per task, the task's address as URL, the project
 * in the summary. Dates are calendar days, written as DATE values (no time zone).
 */
export function buildFeed(
  tasks: FeedTask[],
  { origin, name }: { origin: string; name: string },
): string {
  const host = new URL(origin).host;
  const cal = ical({ name, prodId: { company: "platform", product: "projects", language: "EN" } });
  for (const task of tasks) {
    const start = task.startDate && task.startDate <= task.dueDate ? task.startDate : task.dueDate;
    const url = new URL(`/projects/tasks/${task.id}`, origin).toString();
    cal.createEvent({
      id: `task-${task.id}@${host}`,
      allDay: true,
      start: utcDay(start),
      end: nextDay(task.dueDate),
      stamp: new Date(task.updatedAt),
      summary: `[${task.projectName}] ${task.title}`,
      url,
    });
  }
  return cal.toString();
}
