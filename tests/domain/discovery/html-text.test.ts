import { describe, expect, it } from "vitest";
import { htmlToText, MAX_HTML_CHARS } from "#app/domain/discovery/html-text.ts";

describe("htmlToText", () => {
  it("drops tags, script and style with their content, decodes entities and folds white space", () => {
    expect(
      htmlToText(
        `<p>Finlo&nbsp;raised <b>&euro;3m</b> &amp; more&#8230;</p><script>alert("x")</script><style>p{}</style><br/>Led by &lt;Northzone&gt; &#x2014; 'twas`,
        200,
      ),
    ).toBe("Finlo raised €3m & more… Led by <Northzone> — 'twas");
  });

  it("leaves an unknown or overlong entity as written and stops at an unclosed tag", () => {
    expect(htmlToText("a &bogus; b &#xFFFFFFFF; c <unclosed", 100)).toBe("a &bogus; b &#xFFFFFFFF; c");
  });

  it("caps what it reads and what it returns", () => {
    expect(htmlToText("word ".repeat(10_000), 50)).toHaveLength(50);
    const hostile = `${"<".repeat(MAX_HTML_CHARS * 2)}`;
    expect(htmlToText(hostile, 100)).toBe("");
    expect(htmlToText(`${"&".repeat(200_000)}`, 100).length).toBeLessThanOrEqual(100);
    expect(htmlToText(`<script>${"x".repeat(200_000)}`, 100)).toBe("");
  });
});
