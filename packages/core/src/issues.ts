import type * as z from "zod";

/**
 * The field a validation issue names, as a client writes it (`responses[3].response`), after
 * `prefix` (the part of the request the value came from); an unknown key is named itself.
 */
export function fieldOfIssue(issue: z.core.$ZodIssue, prefix = ""): string {
  const path = [...issue.path];
  if (issue.code === "unrecognized_keys" && issue.keys.length > 0) path.push(issue.keys[0]!);
  let out = prefix;
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** Every issue as `field: message`, joined by "; "; `(root)` where the value itself is wrong. */
export function describeIssues(error: z.ZodError, prefix = ""): string {
  return error.issues
    .map((issue) => {
      // A bad record key reports "Invalid key in record"; the reason is in the nested issue.
      const message = issue.code === "invalid_key" ? (issue.issues[0]?.message ?? issue.message) : issue.message;
      return `${fieldOfIssue(issue, prefix) || "(root)"}: ${message}`;
    })
    .join("; ");
}
