import { problems } from "../../../shared/http/problem.ts";

/**
 * A file or folder name as given by a user: no path separators, no control or bidi override
 * characters, not "." or "..". Names are only labels (storage keys never come from them), but
 * clean labels keep downloads and zip entries safe.
 */
export function checkName(raw: string, path = "body.name"): string {
  const name = raw.normalize("NFC").trim();
  // Bidi overrides are refused too: "invoice\u202Etxt.exe" would show as "invoiceexe.txt".
  // deno-lint-ignore no-control-regex
  const bad = /[\/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(name) || name === "." ||
    name === ".." ||
    name.length === 0 || name.length > 255;
  if (bad) {
    throw problems.validation([{
      path,
      message: "A name has 1 to 255 characters, without / \\ or control characters",
    }]);
  }
  return name;
}

/** The last segment of a client-sent file name (browsers may send a path), cleaned. */
export function uploadName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\/\\]/).pop() ?? "";
  return checkName(base, "body.file");
}

/** A decoded [name, id] cursor (see listFolder and search). */
export function nameCursor(key: (string | number)[] | null): [string, string] | null {
  return key ? [String(key[0]), String(key[1])] : null;
}
