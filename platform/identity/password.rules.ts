/**
 * The password policy, in one place: every path that sets a password (password reset,
 * accepting an invitation as a new person, changing one's own password) checks it here, and
 * the strength meter beside those fields shows the same verdict while the person types.
 * Pure but for loading the estimator: @zxcvbn-ts/core with the common and English dictionaries,
 * imported by the first check (shared/lazy.ts), so the checks are async.
 */
import { Problem } from "../../shared/http/problem.ts";
import { lazy } from "../../shared/lazy.ts";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
/** zxcvbn's score (0 to 4) a password needs: 2 is "somewhat guessable" (about 10^6+ guesses). */
export const PASSWORD_MIN_SCORE = 2;
/** Only this much of a long password is estimated (the estimate grows with length). */
const ESTIMATE_CHARS = 100;

export type PasswordStrength = "empty" | "veryWeak" | "weak" | "fair" | "good" | "strong";
export type PasswordIssue = "tooShort" | "tooLong" | "tooGuessable" | "containsPersonal";

export interface PasswordVerdict {
  ok: boolean;
  /** 0 (very weak) to 4 (strong); -1 when empty. */
  score: number;
  strength: PasswordStrength;
  issues: PasswordIssue[];
}

/** The estimator with its dictionaries (about 13 MB of heap), loaded by the first check. */
const estimator = lazy(async () => {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  return new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
});

const STRENGTHS: PasswordStrength[] = ["veryWeak", "weak", "fair", "good", "strong"];

/** The parts of a person's address and name a password should not be built from. */
function personalWords(context: { email?: string; name?: string }): string[] {
  const words = [
    // The mailbox part only: the domain (a company's, a provider's) says little about a person.
    ...(context.email ?? "").toLowerCase().split("@")[0].split(/[.+_-]/),
    ...(context.name ?? "").toLowerCase().split(/\s+/),
  ];
  return [...new Set(words.filter((w) => w.length >= 4))];
}

/**
 * Checks a new password: long enough, not too long, and not easy to guess (zxcvbn's score with
 * the person's own e-mail and name counted as known words). Never trims.
 */
export async function checkPassword(
  password: string,
  context: { email?: string; name?: string } = {},
): Promise<PasswordVerdict> {
  if (!password) return { ok: false, score: -1, strength: "empty", issues: ["tooShort"] };
  const issues: PasswordIssue[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) issues.push("tooShort");
  if (password.length > PASSWORD_MAX_LENGTH) issues.push("tooLong");
  const personal = personalWords(context);
  const result = (await estimator()).check(password.slice(0, ESTIMATE_CHARS), personal);
  let score: number = result.score;
  const lower = password.toLowerCase();
  if (personal.some((w) => lower.includes(w))) {
    issues.push("containsPersonal");
    score = Math.min(score, 1);
  }
  if (score < PASSWORD_MIN_SCORE) issues.push("tooGuessable");
  return { ok: issues.length === 0, score, strength: STRENGTHS[score], issues };
}

const ISSUE_TEXT: Record<PasswordIssue, string> = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  tooGuessable: "Too easy to guess: avoid common words, names, dates and keyboard rows.",
  containsPersonal: "Do not build it from your name or e-mail address.",
};

/**
 * The policy as a server rule: a password that breaks it is refused with 400 problem+json
 * naming the field (`path`) and why; the verdict is returned when it passes.
 */
export async function enforcePassword(
  password: string,
  context: { email?: string; name?: string } = {},
  path = "password",
): Promise<PasswordVerdict> {
  const verdict = await checkPassword(password, context);
  if (!verdict.ok) {
    throw new Problem(
      400,
      "weak-password",
      "Bad Request",
      "The password does not meet the password policy.",
      verdict.issues.map((issue) => ({ path, message: ISSUE_TEXT[issue] })),
    );
  }
  return verdict;
}

/** Whether an error is the policy's refusal (pages say it in the reader's words). */
export function isPolicyRefusal(err: unknown): boolean {
  return err instanceof Problem && err.slug === "weak-password";
}
