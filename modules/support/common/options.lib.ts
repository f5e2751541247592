import type { DirectoryMember } from "../../../platform/identity/public.ts";

/** A member as a select choice: "Name <email>". */
export const choice = (
  m: DirectoryMember,
): [string, string] => [m.userId, `${m.name} <${m.email}>`];
