/** The kinds of project notices and who wants which by e-mail (shared by the repo and views). */
export type NoticeKind = "assignment" | "comment" | "mention" | "due";
export const NOTICE_KINDS: NoticeKind[] = ["assignment", "comment", "mention", "due"];
export type MailPreferences = Record<NoticeKind, boolean>;
