/**
 * GSM-7, the alphabet an SMS is written in, and how carriers bill a message in segments: what the
 * morning digest (app/domain/digest.ts) is folded to and counted in. Pure.
 */

// GSM 03.38 default alphabet, in table order (the escape code 0x1B is not a character).
const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
// Reached through the escape code, so each costs two septets.
const GSM7_EXTENSION = "\f^{}\\[~]|€";

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

/** 160 septets fit one SMS; a concatenated message spends 7 of each 160 on the joining header. */
const SINGLE_SMS_SEPTETS = 160;
const PART_SEPTETS = 153;
// When anything outside GSM-7 is present the whole message goes out as UCS-2.
const SINGLE_SMS_UCS2_UNITS = 70;
const PART_UCS2_UNITS = 67;

/** Septets in a part of a concatenated message (the digest's limit is two of them). */
export const PART_SEPTETS_OF_SMS = PART_SEPTETS;

/**
 * What we write is the plain Latin subset of GSM-7 plus its few currency/section signs. Letters
 * are folded to plain Latin even where GSM-7 has the accented one (é yes, ë no): a name then
 * reads the same whichever accent it carried, and the rule stays one line long. The extension
 * characters (^{}[]~|\€) and the backtick are left out: the first cost double, the second is not
 * GSM-7 at all.
 */
const WRITABLE = new Set([..."!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz £¥¤§¡¿"]);

/** Characters that Unicode decomposition does not reduce to Latin letters or plain punctuation. */
const TRANSLITERATIONS = new Map<string, string>([
  ["ß", "ss"],
  ["ẞ", "SS"],
  ["Æ", "AE"],
  ["æ", "ae"],
  ["Ø", "O"],
  ["ø", "o"],
  ["Œ", "OE"],
  ["œ", "oe"],
  ["Ł", "L"],
  ["ł", "l"],
  ["Đ", "D"],
  ["đ", "d"],
  ["Ð", "D"],
  ["ð", "d"],
  ["Þ", "Th"],
  ["þ", "th"],
  ["ı", "i"],
  ["ȷ", "j"],
  ["ĸ", "k"],
  ["Ŋ", "N"],
  ["ŋ", "n"],
  ["Ħ", "H"],
  ["ħ", "h"],
  ["Ŧ", "T"],
  ["ŧ", "t"],
  ["ƒ", "f"],
  ["Ƒ", "F"],
  ["‘", "'"],
  ["’", "'"],
  ["‚", "'"],
  ["‛", "'"],
  ["′", "'"],
  ["‵", "'"],
  ["´", "'"],
  ["`", "'"],
  ["‹", "'"],
  ["›", "'"],
  ["“", '"'],
  ["”", '"'],
  ["„", '"'],
  ["‟", '"'],
  ["″", '"'],
  ["‶", '"'],
  ["«", '"'],
  ["»", '"'],
  ["‐", "-"],
  ["‑", "-"],
  ["‒", "-"],
  ["–", "-"],
  ["—", "-"],
  ["―", "-"],
  ["−", "-"],
  ["⁃", "-"],
  ["•", "-"],
  ["~", "-"],
  // Catalan "l·l" reads right without the dot.
  ["·", ""],
  ["^", ""],
  ["[", "("],
  ["]", ")"],
  ["{", "("],
  ["}", ")"],
  ["\\", "/"],
  ["|", "/"],
  ["⁄", "/"],
  ["÷", "/"],
  ["€", "EUR"],
  ["×", "x"],
  ["©", "(c)"],
  ["®", "(R)"],
]);

/** True when every character is in the GSM-7 alphabet, escape table included. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return false;
  return true;
}

/**
 * Length in septets: two for an extension character (escape plus code), one for the rest. A
 * character outside GSM-7 counts as one, as if a carrier had replaced it; call `isGsm7` when
 * that matters (`smsSegments` does).
 */
export function gsm7Length(text: string): number {
  let length = 0;
  for (const char of text) length += EXTENSION.has(char) ? 2 : 1;
  return length;
}

/**
 * How many SMS the text is billed as: GSM-7 when it can be, UCS-2 otherwise. A two-septet
 * extension character or a surrogate pair is never split across parts, so a part may hold one
 * less than the nominal 153 (or 67).
 */
export function smsSegments(text: string): number {
  if (text === "") return 0;
  const gsm = isGsm7(text);
  const total = gsm ? gsm7Length(text) : text.length;
  if (total <= (gsm ? SINGLE_SMS_SEPTETS : SINGLE_SMS_UCS2_UNITS)) return 1;
  const partSize = gsm ? PART_SEPTETS : PART_UCS2_UNITS;
  let segments = 1;
  let used = 0;
  for (const char of text) {
    const size = gsm ? (EXTENSION.has(char) ? 2 : 1) : char.length;
    if (used + size > partSize) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return segments;
}

/**
 * Folds any text to what the digest may contain: accents stripped, special letters spelled out
 * (ß→ss, Ø→O, Ł→L), curly quotes and dashes made plain, anything else (CJK, emoji, symbols)
 * dropped, every run of whitespace made one space, and the ends trimmed.
 */
export function toGsm7(text: string): string {
  const decomposed = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/\s+/gu, " ");
  let out = "";
  for (const char of decomposed) {
    const spelled = TRANSLITERATIONS.get(char);
    if (spelled !== undefined) out += spelled;
    else if (WRITABLE.has(char)) out += char;
  }
  return out.replace(/ {2,}/g, " ").trim();
}
