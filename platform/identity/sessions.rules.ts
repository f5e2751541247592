/**
 * A readable device from a user agent string, by a few rules (pure). Browser and system names
 * are proper names and stay as they are in every language; the page joins them with its own
 * words ("Firefox on Windows").
 */
export interface Device {
  browser: string | null;
  os: string | null;
  mobile: boolean;
  /** English, for audit lines: "Firefox on Windows", "curl", "Unknown device". */
  name: string;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrom(e|ium)\//, "Chrome"],
  [/\bHeadlessChrome\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^Wget\//, "Wget"],
  [/^python-requests\/|^Python-urllib\//, "Python"],
  [/^Deno\//, "Deno"],
  [/^node-fetch|^undici|^axios\//, "Node.js"],
  [/^PostmanRuntime\//, "Postman"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function deviceLabel(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? "").trim();
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  const mobile = /\bMobile\b|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(ua);
  const name = browser && os ? `${browser} on ${os}` : browser ?? os ?? "Unknown device";
  return { browser, os, mobile, name };
}
