import { z } from "zod";

/** The sign-in form; shared by the page (conform) and its action. */
export const loginSchema = z.object({
  passcode: z.string({ message: "Enter your passcode." }).trim().min(1, "Enter your passcode."),
  redirectTo: z.string().optional(),
});

/** Only same-site paths: never `//evil.example` or `https://…` (open redirect). */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  return target;
}
