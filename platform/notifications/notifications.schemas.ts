/** A notification as stored and shown (views take it from here, not from the repo). */
export interface NotificationRow {
  id: string;
  userId: string;
  module: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}
