import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CurrencyOptions } from "#app/components/currency-options.tsx";
import { CURRENCIES } from "#app/domain/currency.ts";

describe("a currency select's options", () => {
  it("offers every currency the app converts, by its code, in the list's order", () => {
    const html = renderToStaticMarkup(createElement("select", null, createElement(CurrencyOptions)));
    expect([...html.matchAll(/<option value="([A-Z]{3})">\1<\/option>/g)].map((match) => match[1])).toEqual([...CURRENCIES]);
  });
});
