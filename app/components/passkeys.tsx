import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { type RefObject, useEffect, useState } from "react";
import { safeRedirectPath } from "../auth/login.ts";

/*
 * The passkey buttons (decision 060): shown only once JavaScript runs in a browser that has
 * WebAuthn, since a passkey cannot be made or used without it; the passphrase forms beside them
 * work without. The server makes every challenge and keeps it; the page only carries its id.
 */

type Step = { ok: true; challengeId: string; options: unknown } | { ok: false; message: string };

async function post(url: string, body: unknown): Promise<Step | { ok: true } | { ok: false; message: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | Record<string, unknown> | null;
  if (response.ok && answer) return { ok: true, ...answer } as Step;
  const message = (answer as { error?: { message?: string } } | null)?.error?.message;
  return { ok: false, message: message ?? "Something went wrong. Try again." };
}

function useWebAuthn(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

const DEVICE_REFUSED = "Your device did not give a passkey (cancelled, or none for this site). Try again, or use a passphrase.";

function Failure({ message, id }: { message: string | null; id: string }) {
  return message ? (
    <p className="form-error" role="alert" id={id}>
      {message}
    </p>
  ) : null;
}

/** "Use my passkey" on /login: any passkey of this site, no name asked. (Not "Sign in…": that is the passcode's button.) */
export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!supported) return null;
  async function signIn() {
    setBusy(true);
    setMessage(null);
    try {
      const start = await post("/login/passkey", { step: "options" });
      if (!start.ok || !("challengeId" in start)) return setMessage(start.ok ? "Something went wrong. Try again." : start.message);
      let answer: unknown;
      try {
        answer = await startAuthentication({ optionsJSON: start.options as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
      } catch {
        return setMessage(DEVICE_REFUSED);
      }
      const done = await post("/login/passkey", { step: "verify", challengeId: start.challengeId, response: answer });
      if (!done.ok) return setMessage(done.message);
      window.location.assign(safeRedirectPath(redirectTo));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="passkey-action">
      <button
        type="button"
        className="button-secondary"
        onClick={signIn}
        disabled={busy}
        aria-describedby={message ? "passkey-error" : undefined}
      >
        {busy ? "Waiting for your passkey…" : "Use my passkey"}
      </button>
      <Failure message={message} id="passkey-error" />
    </div>
  );
}

/** "Join with a passkey" on /join/<token>: registers a passkey for the name typed in `nameField`. */
export function PasskeyJoin({ token, nameField }: { token: string; nameField: RefObject<HTMLInputElement | null> }) {
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!supported) return null;
  const url = `/join/${encodeURIComponent(token)}/passkey`;
  async function join() {
    const name = nameField.current?.value.trim() ?? "";
    if (!name) {
      nameField.current?.focus();
      return setMessage("Enter your name first.");
    }
    setBusy(true);
    setMessage(null);
    try {
      const start = await post(url, { step: "options", name });
      if (!start.ok || !("challengeId" in start)) return setMessage(start.ok ? "Something went wrong. Try again." : start.message);
      let answer: unknown;
      try {
        answer = await startRegistration({ optionsJSON: start.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
      } catch {
        return setMessage(DEVICE_REFUSED);
      }
      const done = await post(url, { step: "verify", challengeId: start.challengeId, response: answer });
      if (!done.ok) return setMessage(done.message);
      window.location.assign("/");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="passkey-action">
      <h2>With a passkey</h2>
      <p className="muted">Your phone or computer keeps it; you sign in with your fingerprint, face or screen lock. Nothing to remember.</p>
      <button
        type="button"
        className="button-primary"
        onClick={join}
        disabled={busy}
        aria-describedby={message ? "passkey-error" : undefined}
      >
        {busy ? "Waiting for your device…" : "Join with a passkey"}
      </button>
      <Failure message={message} id="passkey-error" />
    </div>
  );
}
