import { describe, expect, it } from "vitest";
import { memberDetailsSchema } from "#app/domain/member-details.ts";

describe("a member's own details", () => {
  it("takes a phone as people write it and keeps it in international form", () => {
    expect(memberDetailsSchema.parse({ name: " Jonas ", phone: "+47 (912) 34-567" })).toEqual({ name: "Jonas", phone: "+4791234567" });
  });
  it("refuses a number without its country code, an empty name and any other field", () => {
    expect(memberDetailsSchema.safeParse({ name: "Jonas", phone: "912 34 567" }).success).toBe(false);
    expect(memberDetailsSchema.safeParse({ name: "  " }).success).toBe(false);
    expect(memberDetailsSchema.safeParse({ name: "Jonas", role: "owner" }).success).toBe(false);
  });
});
