/** A member as mentions know them: the part of their e-mail before @ or the whole address. */
export interface Mentionable {
  userId: string;
  email: string;
}

const MENTION = /(^|[^\w@.])@([\w.+-]+(?:@[\w-]+(?:\.[\w-]+)+)?)/g;

/** The members a comment mentions as `@name` or `@full@address` (each once, in member order). */
export function findMentions(body: string, members: Mentionable[]): string[] {
  const handles = new Set<string>();
  for (const m of body.matchAll(MENTION)) handles.add(m[2].replace(/[.]+$/, "").toLowerCase());
  return members.filter((member) => {
    const email = member.email.toLowerCase();
    return handles.has(email) || handles.has(email.split("@")[0]);
  }).map((m) => m.userId);
}

/** A comment's text cut for a notification line. */
export const preview = (body: string, max = 200) =>
  body.length > max ? body.slice(0, max) + "…" : body;
