// docs/partner-api-decisions.md item 6: an error text names the offending field. zod's issues carry the field
// as a path; this turns them into `game_id: expected an integer`, `unknown field voucherid`,
// `payments[3].status must be 2 or 3` or `account is required`.
import type { z } from "zod";

const MAX_ISSUES = 5;

export function describeZodError(error: z.ZodError, input: unknown): string {
  const texts = new Set(error.issues.map((issue) => describeIssue(issue, input)));
  return [...texts].slice(0, MAX_ISSUES).join("; ");
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const path = formatPath(issue.path);
  // zod's default texts open with "Invalid input: "; after a field name it is noise.
  const message = issue.message.replace(/^Invalid input: /, "");
  if (issue.code === "unrecognized_keys") {
    const text = `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
    return path ? `${path}: ${text}` : text;
  }
  if (!path) return message;
  // zod reports a missing field as a type error; "is required" says what to fix.
  if (issue.code === "invalid_type" && valueAt(input, issue.path) === undefined) return `${path} is required`;

  const field = issue.path.at(-1);
  if (typeof field === "string" && message.startsWith(`${field} `)) {
    // The schema's own text already names the field ("status must be 2 or 3"); give it the full path.
    return path + message.slice(field.length);
  }
  return `${path}: ${message}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
