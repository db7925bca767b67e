import { cleanMemberName } from "../domain/people.ts";
import { z } from "zod";
import { passphraseProblem } from "../domain/invites.ts";

/** The sign-in form; shared by the page (conform) and its action. */
export const loginSchema = z.object({
  passcode: z.string({ message: "Enter your passcode." }).trim().min(1, "Enter your passcode."),
  redirectTo: z.string().optional(),
  /** The owner's name, asked on their first sign-in so the team's changes say who made them. */
  name: z.string().transform(cleanMemberName).pipe(z.string().max(80, "At most 80 characters.")).optional(),
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

/** A member's sign-in with their own passphrase (decision 060): their email or name, and the passphrase. */
export const passphraseLoginSchema = z.object({
  login: z.string({ message: "Enter your email or name." }).trim().min(1, "Enter your email or name.").max(200),
  passphrase: z.string({ message: "Enter your passphrase." }).min(1, "Enter your passphrase.").max(1024),
  redirectTo: z.string().optional(),
});

/** Joining the team from an invitation: a name, and (without a passkey) a passphrase of one's own. */
export const joinSchema = z.object({
  name: z
    .string({ message: "Enter your name." })
    .transform(cleanMemberName)
    .pipe(z.string().min(1, "Enter your name.").max(80, "At most 80 characters.")),
  passphrase: z
    .string({ message: "Choose a passphrase." })
    .min(1, "Choose a passphrase.")
    .superRefine((value, ctx) => {
      const problem = passphraseProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

/** The owner's invitation form: an optional name for the person invited. */
export const inviteSchema = z.object({
  name: z.string().transform(cleanMemberName).pipe(z.string().max(80, "At most 80 characters.")).optional(),
});
