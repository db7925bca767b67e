import { type PassReason, type RelationshipStatus, statusOfWords } from "../vocabulary.ts";
import { passReasonOfWords } from "./pass-reason.ts";

/**
 * What a tracker's status cell means, guessed from the words founders and their tools write
 * (decision 052): English, Spanish, Portuguese, German, the Nordic languages and Japanese, with a
 * pipeline's numbering ("3. Call booked"), emoji and a reason after a pass ("Passed - too early").
 * Some words are not guessed on purpose: "Ghosted" or "No reply" is contacted (a follow-up is due)
 * for one founder and passed for another, so the founder is asked. Pure and linear: every pattern
 * is a plain alternation run once over at most MAX_STATUS_CHARS characters.
 */

export type StatusGuess =
  | { status: RelationshipStatus; pass_reason?: PassReason }
  /** Words the app will not decide for the founder (silence). */
  | { ask: "silence" };

const MAX_STATUS_CHARS = 120;

/** Lower case, accents and the Nordic letters folded, numbering, emoji and punctuation around the words gone. */
export function foldStatus(text: string): string {
  return (
    text
      .slice(0, MAX_STATUS_CHARS)
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .normalize("NFKC")
      .toLowerCase()
      .replace(/ø/g, "o")
      .replace(/æ/g, "ae")
      .replace(/ß/g, "ss")
      .replace(/^[^\p{L}\p{N}]+/u, "")
      .replace(/^\d{1,3}\s*[.):\-–]?\s*(?=\p{L})/u, "")
      // A pipeline's letter for its last columns: "X - Closed lost", "Z) Archive".
      .replace(/^\p{L}\s*[.):\-–]\s+(?=\p{L})/u, "")
      .replace(/[\s\-_./:|·–—]+/g, " ")
      .replace(/[^\p{L}\p{N}+]+$/u, "")
      .trim()
  );
}

/** An alternation of words, matched whole (a letter or digit on neither side), Unicode-aware. */
function words(list: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.join("|")})(?![\\p{L}\\p{N}])`, "u");
}

/** Too short to look for inside other words ("in talks" is no "in"): only the whole cell. */
const WHOLE: Record<string, RelationshipStatus> = {
  in: "committed",
  yes: "committed",
  y: "committed",
  si: "committed",
  sim: "committed",
  ja: "committed",
  // A pipeline's "Meeting" column (Streak, HubSpot, Pipedrive): a meeting is on.
  meeting: "meeting_scheduled",
  meetings: "meeting_scheduled",
  ts: "due_diligence",
  ic: "due_diligence",
  new: "not_contacted",
  open: "not_contacted",
  offen: "not_contacted",
  nuevo: "not_contacted",
  novo: "not_contacted",
  neu: "not_contacted",
  ny: "not_contacted",
};

/** Silence: the founder decides whether it is a follow-up or a pass. */
const SILENCE = words([
  "ghosted",
  "ghosting",
  "ghost",
  "no reply",
  "no response",
  "no answer",
  "unresponsive",
  "went dark",
  "gone dark",
  "silent",
  "radio silence",
  "sin respuesta",
  "sem resposta",
  "keine antwort",
  "ingen svar",
  "inget svar",
  "intet svar",
  "ikke svart",
  "返信なし",
  "音信不通",
]);

/** Checked before a pass, whose "no" they start with. */
const BEFORE_PASS: ReadonlyArray<readonly [RelationshipStatus, RegExp]> = [
  [
    "not_a_fit",
    words([
      "not a fit",
      "no fit",
      "not fit",
      "wrong stage",
      "wrong sector",
      "out of scope",
      "off thesis",
      "passt nicht",
      "no encaja",
      "nao se encaixa",
      "対象外",
    ]),
  ],
  [
    "not_contacted",
    words([
      "not contacted",
      "not yet contacted",
      "uncontacted",
      "to contact",
      "to reach out",
      "to email",
      "not started",
      "backlog",
      "to do",
      "todo",
      "sin contactar",
      "por contactar",
      "no contactado",
      "nao contatado",
      "nao contactado",
      "a contatar",
      "nicht kontaktiert",
      "noch nicht kontaktiert",
      "ikke kontaktet",
      "inte kontaktad",
      "ej kontaktad",
      "未接触",
      "未連絡",
    ]),
  ],
];

/** Words that say the answer was no; what follows them may say why. */
const PASSED = new RegExp(
  `^(?:${[
    "passed",
    "pass",
    "declined",
    "decline",
    "rejected",
    "reject",
    "turned down",
    "said no",
    "no go",
    "nogo",
    "dead",
    "closed lost",
    "lost",
    "not interested",
    "no interest",
    "nope",
    "no",
    "rechazado",
    "rechazada",
    "rechazo",
    "descartado",
    "descartada",
    "no interesado",
    "no interesada",
    "paso",
    "recusado",
    "recusada",
    "recusou",
    "desistiu",
    "nao interessado",
    "sem interesse",
    "abgelehnt",
    "abgesagt",
    "absage",
    "kein interesse",
    "takket nei",
    "sagt nei",
    "nei",
    "avslatt",
    "avslag",
    "tackat nej",
    "sagt nej",
    "nej",
    "avbojt",
    "afslaet",
    "afvist",
    "ikke interesseret",
    "ikke interessert",
    "inte intresserad",
    "見送り",
    "お見送り",
  ].join("|")})(?![\\p{L}\\p{N}])`,
  "u",
);

/** In order: the first that matches wins, so "soft yes" is read before "yes". */
const RULES: ReadonlyArray<readonly [RelationshipStatus, RegExp]> = [
  [
    "intro_requested",
    words([
      "intro requested",
      "requested intro",
      "asked for (?:an )?intro",
      "intro asked",
      "intro pending",
      "pending intro",
      "waiting (?:on|for) (?:an )?intro",
      "intro needed",
      "need intro",
      "warm intro",
      "intro solicitada",
      "solicitar intro",
      "pedir intro",
      "intro angefragt",
      "intro anfragen",
      "紹介依頼",
    ]),
  ],
  [
    "due_diligence",
    words([
      "dd",
      "in dd",
      "due diligence",
      "diligence",
      "investment committee",
      "partner meeting",
      "partner pitch",
      "data room",
      "dataroom",
      "prufung",
      "pruefung",
      "analise",
      "analisis",
      "デューデリ",
      "dd中",
    ]),
  ],
  [
    "soft_committed",
    words([
      // A term sheet is the investor's written offer: their money counts as soft in the round
      // (a founder with two on the table read "+ $0 soft" when it was due diligence).
      "term sheet",
      "termsheet",
      "ts received",
      "soft yes",
      "soft commit",
      "soft committed",
      "soft commitment",
      "verbal",
      "verbal yes",
      "verbally committed",
      "likely yes",
      "in principle",
      "muntlig ja",
      "muntligt ja",
      "muntlig tilsagn",
      "mundliche zusage",
      "weiche zusage",
      "compromiso verbal",
      "si verbal",
      "compromisso verbal",
      "内諾",
    ]),
  ],
  [
    "committed",
    words([
      "committed",
      "commit",
      "invested",
      "signed",
      "wired",
      "funded",
      "closed won",
      "won",
      "closed",
      "confirmed",
      "investert",
      "investerat",
      "investeret",
      "zugesagt",
      "investiert",
      "comprometido",
      "comprometida",
      "invirtio",
      "investiu",
      "confirmado",
      "出資済",
      "承認済",
      "着金",
    ]),
  ],
  [
    "meeting_scheduled",
    words([
      "(?:first |intro |1st |2nd |second )?(?:call|meeting|demo|pitch|zoom|coffee|meet)s? (?:booked|scheduled|set|planned|arranged|confirmed|on calendar|in calendar)",
      "(?:booked|scheduled|set up) (?:a )?(?:call|meeting|demo|pitch)",
      "first call",
      "intro call",
      "mote booket",
      "mote bokat",
      "mote bokad",
      "mode booket",
      "mote planlagt",
      "mote avtalt",
      "termin vereinbart",
      "termin geplant",
      "call vereinbart",
      "meeting geplant",
      "reunion agendada",
      "reunion programada",
      "reunion fijada",
      "reuniao agendada",
      "reuniao marcada",
      "llamada agendada",
      "面談予定",
      "面談設定",
    ]),
  ],
  [
    "in_conversation",
    words([
      "in conversation",
      "conversation",
      "conversations",
      "talking",
      "in talks",
      "talks",
      "in discussion",
      "discussing",
      "dialog",
      "dialogue",
      "engaged",
      "interested",
      "negotiating",
      "met",
      "meeting held",
      "meeting done",
      "had (?:a )?(?:call|meeting)",
      "call done",
      "pitched",
      "second meeting",
      "2nd meeting",
      "first meeting",
      "im gesprach",
      "gesprach",
      "in gesprachen",
      "en conversacion",
      "en conversaciones",
      "conversando",
      "em conversa",
      "em conversas",
      "i dialog",
      "i samtal",
      "samtal",
      "samtaler",
      "検討中",
      "商談中",
    ]),
  ],
  [
    "contacted",
    words([
      "contacted",
      "emailed",
      "mailed",
      "reached out",
      "outreach",
      "sent",
      "deck sent",
      "email sent",
      "messaged",
      "pinged",
      "cold emailed",
      "dmed",
      "waiting",
      "awaiting reply",
      // A tracker's "Follow up" is an email that needs its follow-up: contacted, the follow-up due
      // from the last contact (a founder's walkthrough: "in conversation" made it wait a week more).
      "follow ups?",
      "following up",
      "followed up",
      "to follow up",
      "needs? (?:a )?follow up",
      "follow up (?:needed|due|sent)",
      "nudged",
      "kontaktet",
      "kontaktad",
      "kontaktiert",
      "angeschrieben",
      "angefragt",
      "contactado",
      "contactada",
      "contatado",
      "contatada",
      "escrito",
      "enviado",
      "mejlat",
      "mailet",
      "skrevet",
      "連絡済",
      "コンタクト済",
    ]),
  ],
  [
    "researching",
    words([
      "research",
      "researching",
      "to research",
      "maybe",
      "shortlist",
      "shortlisted",
      "watch",
      "watching",
      "target",
      "considering",
      "recherche",
      "investigando",
      "pesquisando",
      "undersok",
      "調査中",
    ]),
  ],
];

/**
 * A status cell → the status (and why they passed, when the words say), { ask } for silence, or
 * undefined when the words are none the app knows. Exact words first (the vocabulary's own table).
 */
export function guessStatus(text: string): StatusGuess | undefined {
  const exact = statusOfWords(text.slice(0, MAX_STATUS_CHARS));
  if (exact) return { status: exact };
  const folded = foldStatus(text);
  if (folded === "") return undefined;
  const again = statusOfWords(folded) ?? WHOLE[folded];
  if (again) return { status: again };
  if (SILENCE.test(folded)) return { ask: "silence" };
  const passed = PASSED.exec(folded);
  // "Passed (wrong sector)" is a pass with its reason; "No fit" and "no contactado" are not.
  if (passed && passed[0] !== "no") return passedWith(folded.slice(passed[0].length).trim());
  for (const [status, pattern] of BEFORE_PASS) if (pattern.test(folded)) return { status };
  if (passed) return passedWith(folded.slice(passed[0].length).trim());
  for (const [status, pattern] of RULES) if (pattern.test(folded)) return { status };
  return undefined;
}

/** "Too early" as the other languages write it, for the words after a pass. */
const TOO_EARLY = words([
  "for tidlig",
  "for tidigt",
  "for tidig",
  "zu fruh",
  "demasiado pronto",
  "muy temprano",
  "muito cedo",
  "cedo demais",
  "時期尚早",
]);

function passedWith(rest: string): StatusGuess {
  if (rest === "") return { status: "passed" };
  const reason = TOO_EARLY.test(rest) ? "too_early" : passReasonOfWords(rest);
  return reason ? { status: "passed", pass_reason: reason } : { status: "passed" };
}
