import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // db/schema-decks.ts imports db/schema.ts, so it is listed beside it, not re-exported by it.
  schema: ["./db/schema.ts", "./db/schema-decks.ts"],
  out: "./db/migrations",
});
