import { z } from "zod";

/** The sign-in form; shared by the page (conform) and its action. */
export const loginSchema = z.object({
  passcode: z.string({ message: "Enter your passcode." }).trim().min(1, "Enter your passcode."),
  redirectTo: z.string().optional(),
  /** The owner's name, asked on their first sign-in so the team's changes say who made them. */
  name: z.string().trim().max(80, "At most 80 characters.").optional(),
});

const BASE = "http://same-site.invalid";

/**
 * Where to go after signing in: a path on this site, else `fallback`. The target is resolved
 * the way a browser resolves a Location header (tabs and line breaks dropped, `\\` read as `/`),
 * so `/\t/evil.example` or `/\\evil.example` cannot turn into another host; what comes back is
 * the URL's own serialisation (percent-encoded, printable ASCII), so it is always a valid
 * header value, never a reason for a 500.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
