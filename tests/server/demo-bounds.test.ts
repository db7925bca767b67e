import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACTS_PER_PAGE, DEMO_CONTACTS_PER_INVESTOR, DEMO_NOTE_CHARS } from "#app/domain/demo-bounds.ts";
import { ANONYMOUS_IN_FLIGHT } from "#app/http/anonymous-budget.server.ts";
import { type PlainResponse, requestFrom, slowPost } from "#tests/helpers/from-address.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "demo-bounds-passcode";

type InvestorAnswer = { contact_history: Array<{ note: string }>; contact_history_total: number };

/**
 * Issue 23, break 3 (decision 018): what anonymous visitors write to the demo is bounded per
 * investor, every answer about an investor is bounded whatever its history, and open demo work
 * has a budget of its own that a signed-in founder does not share. Each test plays its own
 * addresses (the per-address limit is 30 writes a minute).
 */
describe("the bounded demo", () => {
  let server: RunningServer;
  let demoIds: number[];
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const feed = JSON.parse((await requestFrom("127.0.3.1", `${server.url}/api/search-feed?demo=1`)).text) as {
      items: Array<{ id: number }>;
    };
    demoIds = feed.items.map((item) => item.id);
    expect(demoIds.length).toBeGreaterThan(5);
  });
  afterAll(() => server.stop());

  const patch = (from: string, id: number, body: unknown) =>
    requestFrom(from, `${server.url}/api/investors/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const pageForm = (from: string, id: number, fields: Record<string, string>) =>
    requestFrom(from, `${server.url}/demo/investors/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const errorOf = (response: PlainResponse) =>
    (JSON.parse(response.text) as { error: { code: string; message: string; fields?: object } }).error;

  it("refuse notes past the demo's size, in the error format and on the form, and write nothing", async () => {
    const id = demoIds[0]!;
    const long = "x".repeat(DEMO_NOTE_CHARS + 1);
    const contact = await patch("127.0.3.2", id, { add_contact: { note: long } });
    expect(contact.status).toBe(400);
    expect(errorOf(contact)).toMatchObject({
      code: "invalid_body",
      fields: { "add_contact.note": [expect.stringContaining("500 characters")] },
    });
    const notes = await patch("127.0.3.2", id, { personal_notes: long });
    expect(notes.status).toBe(400);
    expect(errorOf(notes)).toMatchObject({ code: "invalid_body", fields: { personal_notes: [expect.any(String)] } });

    // The page form without JavaScript: the page again (400) with the message beside the field.
    const form = await pageForm("127.0.3.2", id, { "add_contact.note": long });
    expect(form.status).toBe(400);
    expect(form.text).toContain(`On the demo a note is at most ${DEMO_NOTE_CHARS} characters`);

    const after = await patch("127.0.3.2", id, {});
    expect((JSON.parse(after.text) as InvestorAnswer).contact_history.some((entry) => entry.note === long)).toBe(false);
  });

  it(`refuse contacts past ${DEMO_CONTACTS_PER_INVESTOR} per demo investor, on every way in, and keep every answer bounded`, async () => {
    const id = demoIds[1]!;
    const statuses: number[] = [];
    let last: PlainResponse | undefined;
    // Enough writes to fill any seeded history, from three addresses (30 writes a minute each).
    for (let i = 0; i < DEMO_CONTACTS_PER_INVESTOR + 10; i++) {
      last = await patch(`127.0.3.${10 + Math.floor(i / 25)}`, id, { add_contact: { note: `bounded note ${i} ${"n".repeat(400)}` } });
      statuses.push(last.status);
    }
    const firstRefused = statuses.indexOf(409);
    expect(firstRefused).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefused).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(firstRefused).every((status) => status === 409)).toBe(true);
    expect(errorOf(last!)).toMatchObject({
      code: "demo_limit",
      message: expect.stringContaining(`at most ${DEMO_CONTACTS_PER_INVESTOR} contacts`),
    });

    // The page form says so on the page (with or without JavaScript the same reply), and "Emailed" on the dashboard.
    const form = await pageForm("127.0.3.20", id, { "add_contact.note": "one more" });
    expect(form.status).toBe(400);
    expect(form.text).toContain(`A demo investor keeps at most ${DEMO_CONTACTS_PER_INVESTOR} contacts`);
    const emailed = await requestFrom("127.0.3.20", `${server.url}/demo/investors/${id}/emailed`, { method: "POST" });
    expect(emailed.status).toBe(303);
    expect(emailed.headers.location).toBe("/demo?done=demo_full#today");

    // Route #9 answers the newest page and the total, not the whole history.
    const answer = JSON.parse((await patch("127.0.3.20", id, { relationship_status: "contacted" })).text) as InvestorAnswer;
    expect(answer.contact_history_total).toBe(DEMO_CONTACTS_PER_INVESTOR);
    expect(answer.contact_history).toHaveLength(CONTACTS_PER_PAGE);
    expect(answer.contact_history[0]!.note).toMatch(/^bounded note /);

    // The page lists the newest 20 with an "Older" link that is a plain GET; the last page has the rest.
    // Each shown entry once as HTML (its data goes to the browser too, so count the paragraphs).
    const shown = (text: string) => (text.match(/<p>bounded note \d+/g) ?? []).length;
    const page = await requestFrom("127.0.3.20", `${server.url}/demo/investors/${id}`);
    expect(page.status).toBe(200);
    expect(shown(page.text)).toBe(CONTACTS_PER_PAGE);
    expect(page.text).toContain(`href="/demo/investors/${id}?history=2#history"`);
    const lastPage = await requestFrom("127.0.3.20", `${server.url}/demo/investors/${id}?history=3`);
    expect(lastPage.text).toContain(`41–${DEMO_CONTACTS_PER_INVESTOR} of ${DEMO_CONTACTS_PER_INVESTOR}`);
    expect(lastPage.text).toContain("Newer");
    expect(lastPage.text).not.toContain("Older →");
  });

  it("give open demo work a budget of its own: past it a quick 429 with Retry-After, while the founder's pages answer", async () => {
    const cookie = await signIn(server.url, PASSCODE);
    // Hold the budget with open demo form posts whose bodies have not all arrived yet.
    const held = Array.from({ length: ANONYMOUS_IN_FLIGHT }, (_, i) =>
      slowPost(`${server.url}/demo/investors/${demoIds[2]!}`, `127.0.3.${30 + i}`),
    );
    try {
      await expect.poll(async () => (await requestFrom("127.0.3.40", `${server.url}/demo`)).status, { timeout: 10_000 }).toBe(429);
      const page = await requestFrom("127.0.3.40", `${server.url}/demo`);
      expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
      expect(page.text).toContain("The demo is busy");
      const api = await requestFrom("127.0.3.41", `${server.url}/api/demo/reset`, { method: "POST" });
      expect(api.status).toBe(429);
      expect(errorOf(api)).toMatchObject({ code: "demo_busy" });

      // Not counted: the health check, the founder's dashboard, and the founder looking at the demo.
      expect((await requestFrom("127.0.3.42", `${server.url}/api/health`)).status).toBe(200);
      expect((await requestFrom("127.0.3.42", `${server.url}/`, { headers: { cookie } })).status).toBe(200);
      expect((await requestFrom("127.0.3.42", `${server.url}/demo`, { headers: { cookie } })).status).toBe(200);
    } finally {
      for (const post of held) post.finish();
    }
    await Promise.all(held.map((post) => post.done));
    await expect.poll(async () => (await requestFrom("127.0.3.43", `${server.url}/demo`)).status, { timeout: 10_000 }).toBe(200);
  });
});
