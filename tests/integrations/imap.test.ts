import { describe, expect, it } from "vitest";
import { IntegrationError } from "#app/integrations/errors.ts";
import { imapFailure } from "#app/integrations/mail/imap.server.ts";

/** imapflow's errors, as the sync shows them: our sentence, never the server's text. */
const where = "imap.example.com:993";
const serverText = "NO [AUTHENTICATIONFAILED] user founder@startup.test password hunter2 rejected";

function failure(error: unknown, mailbox?: string, context?: { startTls?: boolean }) {
  const result = imapFailure(error, where, mailbox, context);
  expect(result).toBeInstanceOf(IntegrationError);
  expect(result.message).not.toContain("hunter2");
  expect(result.message).not.toContain("founder@startup.test");
  return result;
}

describe("IMAP failures in our words", () => {
  it.each([
    [
      { authenticationFailed: true, message: serverText, responseText: serverText },
      "auth",
      /^The mail server refused the user name or password/,
    ],
    [{ serverResponseCode: "AUTHENTICATIONFAILED", message: serverText }, "auth", /refused the user name or password/],
    [{ code: "ECONNREFUSED", message: serverText }, "network", /^Could not reach the mail server at imap\.example\.com:993\./],
    [{ code: "ENOTFOUND" }, "network", /^Could not reach/],
    [{ code: "GREETING_TIMEOUT" }, "timeout", /did not answer in time/],
    [{ code: "CONNECT_TIMEOUT" }, "timeout", /did not answer in time/],
    [{ code: "DEPTH_ZERO_SELF_SIGNED_CERT", message: serverText }, "network", /^The mail server's TLS certificate was not accepted/],
    [{ code: "ERR_TLS_CERT_ALTNAME_INVALID" }, "network", /TLS certificate was not accepted/],
    [{ code: "EConnectionClosed" }, "network", /closed the connection/],
    [{ code: "Weird Code With Spaces", message: serverText }, "server", /failed in a way we did not expect\. /],
    [new Error(serverText), "server", /failed in a way we did not expect/],
    ["a string", "server", /did not expect/],
    [null, "server", /did not expect/],
  ])("%j", (error, kind, message) => {
    const result = failure(error);
    expect(result.failure).toBe(kind);
    expect(result.message).toMatch(message);
  });

  it("names a missing mailbox as the founder wrote it in IMAP_MAILBOXES", () => {
    expect(failure({ mailboxMissing: true, responseStatus: "NO", message: serverText }, "Archive/2025").message).toBe(
      'The mailbox "Archive/2025" does not exist. Check IMAP_MAILBOXES.',
    );
    expect(failure({ serverResponseCode: "NONEXISTENT" }, "Nope").failure).toBe("bad_request");
    expect(failure({ responseStatus: "NO", message: serverText }, "Shared").message).toBe(
      'The mail server would not open the mailbox "Shared". Check IMAP_MAILBOXES.',
    );
  });

  it("a server without STARTTLS, when TLS is off: the password is not sent in the clear", () => {
    expect(failure({ tlsFailed: true, message: "Server does not support STARTTLS" }, undefined, { startTls: true }).message).toMatch(
      /does not offer STARTTLS.*Use IMAP_TLS=true/,
    );
  });

  it("keeps an unexpected code only when it is a plain identifier", () => {
    expect(failure({ code: "ParserError3" }).message).toContain("(ParserError3)");
  });
});
