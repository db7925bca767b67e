import { z } from "zod";
import { ACTIONS, INSTRUMENTS, INVESTOR_KINDS, PASS_REASONS, RELATIONSHIP_STATUSES, ROLES_WANTED, STAGES } from "../../domain/investor.ts";
import { CURRENCIES } from "../../domain/import/money.ts";
import { rubricSchema } from "../../domain/rubric/schema.ts";
import { MAX_CHAIN } from "../../domain/runs.ts";
import { ACTIVITY_KINDS, SYSTEM_ACTORS } from "../../domain/people.ts";
import { type JsonSchema, nullable, ref } from "./responses.ts";

/** The response bodies' schemas (`#/components/schemas`), written from the route code; a saved rubric is its zod schema's output side. */

/** The JSON Schema of a saved rubric, as the API answers it. */
function rubricResponseSchema(): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(rubricSchema, { io: "output" }) as JsonSchema;
  return schema;
}

export function schemas(): Record<string, JsonSchema> {
  const text = { type: "string" };
  const date = { type: "string", format: "date" };
  const dateTime = { type: "string", format: "date-time" };
  const signal = nullable({ type: "integer", minimum: 0, maximum: 100 });
  return {
    Error: {
      type: "object",
      properties: {
        error: {
          type: "object",
          properties: {
            code: { type: "string", pattern: "^[a-z][a-z0-9_]*$" },
            message: { type: "string" },
            fields: {
              type: "object",
              description: "Per field (dotted path, or `body`), the problems found; an unknown key says `unknown key`.",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
            changes: {
              type: "array",
              description: "On a 409 `conflict` (an edit based on an older version): the newer changes it would have overwritten.",
              items: {
                type: "object",
                properties: {
                  at: { type: "string", format: "date-time" },
                  by: {
                    type: "object",
                    properties: { member_id: { type: ["integer", "null"] }, name: { type: "string" } },
                    required: ["member_id", "name"],
                  },
                  kind: { type: "string" },
                  sentence: { type: "string" },
                },
                required: ["at", "by", "kind", "sentence"],
              },
            },
          },
          required: ["code", "message"],
        },
      },
      required: ["error"],
    },
    RunInProgress: {
      type: "object",
      properties: {
        error: { $ref: "#/components/schemas/Error/properties/error" },
        run_id: { type: "string", format: "uuid", description: "The active run." },
      },
      required: ["error", "run_id"],
    },
    Health: {
      type: "object",
      properties: {
        status: {
          type: "string",
          enum: ["ok", "degraded", "unavailable"],
          description: "`degraded`: the database reads but does not take writes (`db.storage` says why); pages and sign-in still work.",
        },
        version: text,
        db: {
          type: "object",
          properties: {
            ok: { type: "boolean" },
            journal_mode: text,
            storage: {
              type: "string",
              enum: ["ok", "storage_full", "storage_unavailable", "unknown"],
              description:
                "`storage_full`: less than 1 MiB free, or a write refused for room; `storage_unavailable`: a write refused (read-only file, I/O error). Back to `ok` once a write succeeds.",
            },
          },
          required: ["ok", "journal_mode", "storage"],
        },
        settings: {
          type: "object",
          description: "One boolean per setting (`GEMINI_API_KEY`, `TAVILY_API_KEY`, `CRON_SECRET`…): set or not, never a value.",
          additionalProperties: { type: "boolean" },
        },
      },
      required: ["status", "version", "db", "settings"],
    },
    Discoveries: {
      type: "object",
      properties: {
        deals: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "integer", minimum: 1 },
              company: text,
              amount: nullable({ type: "number", minimum: 0 }),
              currency: nullable(text),
              stage: nullable({ type: "string", enum: [...STAGES] }),
              sectors: { type: "array", items: text },
              geography: nullable(text),
              announced_on: date,
              source_urls: { type: "array", items: text },
              investors: {
                type: "array",
                items: {
                  type: "object",
                  properties: { key: text, name: text, role: { type: "string", enum: ["lead", "participant"] } },
                  required: ["key", "name", "role"],
                },
              },
            },
            required: ["id", "company", "amount", "currency", "stage", "sectors", "geography", "announced_on", "source_urls", "investors"],
          },
        },
        investors: {
          type: "array",
          items: {
            type: "object",
            properties: {
              key: text,
              name: text,
              firm: nullable(text),
              score: { type: "integer", minimum: 0, maximum: 100 },
              reason: text,
              lead_count: { type: "integer", minimum: 0 },
              deal_ids: { type: "array", items: { type: "integer", minimum: 1 } },
              dismissed: { type: "boolean" },
            },
            required: ["key", "name", "firm", "score", "reason", "lead_count", "deal_ids", "dismissed"],
          },
        },
      },
      required: ["deals", "investors"],
    },
    Digest: {
      type: "object",
      properties: {
        sent: { type: "boolean" },
        channel: nullable({ type: "string", enum: ["sms", "whatsapp"] }),
        message: { type: "string", description: "At most 306 GSM-7 characters (two SMS)." },
        reason: { type: "string", description: "Why it was not sent." },
        members: {
          type: "array",
          description:
            "Present when members gave a phone on /settings/you: each one's own digest (their follow-ups first), by name, never by number.",
          items: {
            type: "object",
            properties: { member: { type: "string" }, sent: { type: "boolean" }, reason: { type: "string" } },
            required: ["member", "sent"],
          },
        },
      },
      required: ["sent", "channel", "message"],
    },
    ChainAccepted: {
      type: "object",
      properties: { run_id: { type: "string", format: "uuid" }, chain: { type: "integer", minimum: 1, maximum: MAX_CHAIN } },
      required: ["run_id", "chain"],
    },
    Rescored: {
      type: "object",
      properties: {
        investors: { type: "integer", minimum: 0 },
        startups: { type: "integer", minimum: 0 },
        duration_ms: { type: "integer", minimum: 0 },
      },
      required: ["investors", "startups", "duration_ms"],
    },
    SearchFeed: {
      type: "object",
      properties: {
        items: {
          type: "array",
          maxItems: 50,
          items: {
            type: "object",
            properties: {
              id: { type: "integer" },
              name: text,
              firm: nullable(text),
              score: { type: "integer", minimum: 0, maximum: 100 },
              action: { type: "string", enum: [...ACTIONS] },
              href: { type: "string", description: "`/investors/:id`, or `/demo/investors/:id` on the demo side." },
            },
            required: ["id", "name", "firm", "score", "action", "href"],
          },
        },
      },
      required: ["items"],
    },
    ChatAnswer: {
      type: "object",
      properties: {
        answer: { type: "string", maxLength: 1500 },
        source: { type: "string", enum: ["model", "summary"] },
        investor_ids: { type: "array", items: { type: "integer" } },
        model_status: {
          type: "string",
          enum: ["answered", "not_configured", "no_answer"],
          description: "Whether the language model answered, is not configured on this server, or was asked and did not answer.",
        },
      },
      required: ["answer", "source", "investor_ids", "model_status"],
    },
    ScoreExplained: {
      type: "object",
      properties: {
        total: { type: "integer", minimum: 0, maximum: 100 },
        components: {
          type: "array",
          items: {
            type: "object",
            properties: {
              key: { type: "string", enum: ["fit", "activity", "evidence", "warmth", "red_flag"] },
              label: text,
              points: { type: "number" },
              detail: { type: "string", description: "In the founder's words." },
            },
            required: ["key", "label", "points", "detail"],
          },
        },
        action_reason: text,
      },
      required: ["total", "components", "action_reason"],
    },
    Investor: {
      type: "object",
      properties: {
        id: { type: "integer" },
        name: text,
        firm: nullable(text),
        kind: { type: "string", enum: [...INVESTOR_KINDS] },
        website: nullable(text),
        linkedin_url: nullable(text),
        email: nullable(text),
        sectors: { type: "array", items: text },
        stages: { type: "array", items: { type: "string", enum: [...STAGES] } },
        geographies: { type: "array", items: text },
        based_in: nullable({
          ...text,
          description:
            "Where the investor is based (an HQ, Location or Office column, or the profile form), as the places data names it: `Trondheim, Norway`. Stands in for where they invest only while `geographies` is empty; the fit then says so.",
        }),
        check_min: nullable({ type: "integer", minimum: 0 }),
        check_max: nullable({ type: "integer", minimum: 0 }),
        check_currency: nullable({
          type: "string",
          enum: [...CURRENCIES],
          description: "ISO 4217 code of check_min and check_max as the founder's list wrote them; null means US dollars.",
        }),
        is_demo: { type: "boolean" },
        score: { type: "integer", minimum: 0, maximum: 100 },
        action: { type: "string", enum: [...ACTIONS] },
        score_explained: nullable(ref("ScoreExplained")),
        signal_activity: signal,
        signal_fit: signal,
        signal_hook: nullable(text),
        signal_red_flag: nullable(text),
        signals_checked_at: nullable(dateTime),
        relationship_status: { type: "string", enum: [...RELATIONSHIP_STATUSES] },
        last_contact_date: nullable(date),
        personal_notes: nullable(text),
        amount: nullable({
          type: "integer",
          minimum: 0,
          description: "Their expected cheque while talking, the committed amount once in.",
        }),
        amount_currency: nullable({
          type: "string",
          enum: [...CURRENCIES],
          description: "ISO 4217 code of amount; null means US dollars.",
        }),
        amount_startup_id: nullable({
          type: "integer",
          minimum: 1,
          description: "The startup whose round the amount counts in; null means the round raising now.",
        }),
        next_step: nullable(text),
        next_step_date: nullable(date),
        meeting_date: nullable(date),
        pass_reason: nullable({ type: "string", enum: [...PASS_REASONS] }),
        pass_note: nullable(text),
        owner_member_id: nullable({
          type: "integer",
          minimum: 1,
          description: "The member of the team who looks after this investor (decision 062); null for nobody.",
        }),
        contact_history: {
          type: "array",
          description:
            "Appended only. In route #9's answer, the newest 20, newest first (`contact_history_total` says how many in all); in the export, all of them, oldest first.",
          items: {
            type: "object",
            properties: {
              id: { type: "integer" },
              date: nullable(date),
              channel: nullable(text),
              note: text,
              contact_history_total: { type: "integer", minimum: 0, description: "How many contact entries there are in all (route #9)." },
              created_at: dateTime,
            },
            required: ["id", "date", "channel", "note", "created_at"],
          },
        },
        created_at: dateTime,
        updated_at: dateTime,
      },
      required: ["id", "name", "kind", "is_demo", "score", "action", "relationship_status", "contact_history"],
    },
    Round: {
      type: "object",
      properties: {
        startup_id: nullable({ type: "integer" }),
        name: nullable(text),
        target: nullable({ type: "integer", minimum: 0 }),
        currency: { type: "string", enum: [...CURRENCIES] },
        close_by: nullable(date),
        instrument: nullable({ type: "string", enum: [...INSTRUMENTS] }),
        role_wanted: nullable({ type: "string", enum: [...ROLES_WANTED] }),
        valuation_cap: nullable({ type: "integer", minimum: 0 }),
        pre_money: nullable({ type: "integer", minimum: 0 }),
        committed: { type: "integer", minimum: 0 },
        soft_committed: { type: "integer", minimum: 0 },
        in_talks: { type: "integer", minimum: 0 },
        percent: nullable({ type: "integer", minimum: 0 }),
        converted: {
          type: "boolean",
          description:
            "True when an amount in another currency was converted at the rates in force (the shipped reference rates, with the founder's own from /settings).",
        },
        rates: nullable({
          type: "object",
          description: "When an amount was converted: the reference rates' day and the currencies converted at the founder's own rate.",
          properties: { date, overridden: { type: "array", items: { type: "string", enum: [...CURRENCIES] } } },
          required: ["date", "overridden"],
        }),
        without_rate: {
          type: "array",
          description: "Amounts left out of the sums because their currency (or the round's) has no rate: how many, by currency.",
          items: {
            type: "object",
            properties: { currency: { type: "string", enum: [...CURRENCIES] }, count: { type: "integer", minimum: 1 } },
            required: ["currency", "count"],
          },
        },
        by_status: {
          type: "array",
          items: {
            type: "object",
            properties: {
              status: { type: "string", enum: [...RELATIONSHIP_STATUSES] },
              count: { type: "integer", minimum: 0 },
              amount: { type: "integer", minimum: 0 },
            },
            required: ["status", "count", "amount"],
          },
        },
      },
      required: [
        "startup_id",
        "currency",
        "committed",
        "soft_committed",
        "in_talks",
        "percent",
        "converted",
        "rates",
        "without_rate",
        "by_status",
      ],
    },
    Startup: {
      type: "object",
      properties: {
        id: { type: "integer" },
        name: text,
        pitch: text,
        sector: text,
        stage: { type: "string", enum: [...STAGES] },
        geography: nullable(text),
        round_size: nullable({ type: "integer", minimum: 1 }),
        ask: nullable(text),
        role_wanted: {
          ...nullable({ type: "string", enum: [...ROLES_WANTED] }),
          description: "The role wanted from investors; the default rubric's cheque range follows it (decision 029).",
        },
        created_at: dateTime,
      },
      required: ["id", "name", "pitch", "sector", "stage", "created_at"],
    },
    Rubric: rubricResponseSchema(),
    RubricSource: { type: "string", enum: ["model", "default"], description: '`default`: shown as "Default rubric".' },
    StartupCreated: {
      type: "object",
      properties: { startup: ref("Startup"), rubric: ref("Rubric"), rubric_source: ref("RubricSource") },
      required: ["startup", "rubric", "rubric_source"],
    },
    Evaluation: {
      type: "object",
      properties: {
        startup_id: { type: "integer" },
        investors_evaluated: { type: "integer", minimum: 0 },
        investors_scored: { type: "integer", minimum: 0 },
        source: { type: "string", enum: ["model", "rules_only"] },
        model_status: {
          type: "string",
          enum: ["answered", "not_configured", "no_answer"],
          description: "Whether the language model answered, is not configured on this server, or was asked and did not answer.",
        },
      },
      required: ["startup_id", "investors_evaluated", "investors_scored", "source", "model_status"],
    },
    RubricChanged: {
      type: "object",
      properties: {
        rubric: ref("Rubric"),
        rubric_source: ref("RubricSource"),
        rescored: {
          type: "integer",
          minimum: 0,
          description: "Investors scored for this startup (when `rescoring` is true: being scored).",
        },
        rescoring: {
          type: "boolean",
          description:
            "True when the re-score continues after this answer (more than 500 investors, decision 041); Today says how far it is until it is over.",
        },
        message: { type: "string", description: "Only when regenerate kept the current rubric." },
        model_status: {
          type: "string",
          enum: ["answered", "not_configured", "no_answer"],
          description: "Only for regenerate: the model drafted it, is not configured, or did not answer.",
        },
      },
      required: ["rubric", "rubric_source", "rescored", "rescoring"],
    },
    Deleted: { type: "object", properties: { deleted: { const: true } }, required: ["deleted"] },
    Activity: {
      type: "object",
      description: "One change and its author (decision 061).",
      properties: {
        id: { type: "integer", minimum: 1 },
        at: dateTime,
        actor: {
          type: "object",
          properties: {
            member_id: nullable({ type: "integer", minimum: 1 }),
            system: nullable({ type: "string", enum: [...SYSTEM_ACTORS] }),
            name: { type: "string", description: "The member's name, or the system actor's in words (\"Refresh\")." },
          },
          required: ["member_id", "system", "name"],
        },
        investor_id: nullable({ type: "integer", minimum: 1 }),
        subject: { type: "string", description: "What it was about, named as it was then (an investor, a startup, an imported file)." },
        kind: { type: "string", enum: [...ACTIVITY_KINDS] },
        detail: {
          type: "object",
          description:
            "The change: for a user-owned group its columns `from` and `to` (notes only `to`); for `created` the user-owned values it started with (`to`); for `imported` the file, `added`, `updated`, `left_out`.",
        },
        text: { type: "string", description: 'The change in words: "Jonas moved Fjord Climate to Due diligence".' },
      },
      required: ["id", "at", "actor", "investor_id", "subject", "kind", "detail", "text"],
    },
    ActivityAfter: {
      type: "object",
      properties: {
        activity: { type: "array", items: ref("Activity"), description: "Oldest first." },
        last_id: { type: "integer", minimum: 0, description: "The `after` to read on from (the same `after` when nothing is newer)." },
      },
      required: ["activity", "last_id"],
    },
    InvestorActivity: {
      type: "object",
      properties: {
        activity: { type: "array", items: ref("Activity"), description: "Newest first." },
        next_before: nullable({ type: "integer", minimum: 1, description: "The `before` of the next (older) page; null on the last." }),
      },
      required: ["activity", "next_before"],
    },
  };
}
