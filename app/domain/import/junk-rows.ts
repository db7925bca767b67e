/**
 * Rows that are no investor: a list's test entries ("test", "OpenVC Test Fund 1", "Test
 * Investor") and placeholders ("asdf", "Lorem ipsum", "***"). Conservative by design: only a
 * name made of nothing but test or filler words is one, so "Testa Ventures", "Test Valley
 * Capital" or "Test Ventures" import as written. Pure; linear in the name (at most 200 characters).
 * ("N/A", "-", "?" and "#VALUE!" are empty cells already: such a row "has no name".)
 */

/** Words that make a name a test entry. */
const TEST_WORDS = new Set(["test", "tests", "testing", "teste", "prueba"]);

/** Words a test entry wraps around "test": "Test Investor", "OpenVC Test Fund 1", "test row please ignore". */
const FILLER_WORDS = new Set([
  "investor",
  "investors",
  "inversor",
  "inversionista",
  "investidor",
  "fund",
  "fondo",
  "fundo",
  "vc",
  "openvc",
  "row",
  "user",
  "account",
  "entry",
  "record",
  "contact",
  "company",
  "firm",
  "name",
  "data",
  "demo",
  "dummy",
  "sample",
  "example",
  "placeholder",
  "only",
  "purposes",
  "do",
  "not",
  "use",
  "please",
  "ignore",
  "delete",
  "me",
  "the",
  "a",
  "my",
  "new",
  "no",
]);

/** Whole names that stand for "nothing here yet". */
const PLACEHOLDERS = new Set(["lorem ipsum", "lorem", "dummy", "placeholder", "tbc", "tba", "todo", "to do", "foo", "foobar", "delete me"]);

/** Keyboard runs and filler letters: "asdf", "asdfgh", "qwerty", "zxcv", "xxx", "zzz". */
const KEYBOARD = /^(?:asdf[a-z]*|qwer[a-z]*|zxcv[a-z]*|x{3,}|z{3,})$/;

/** "テスト", "テスト投資家", "テストユーザー1". */
const JAPANESE_TEST = /^テスト(?:投資家|ファンド|ユーザー?|用)?\d*$/u;

/** RFC 2606 and 6761 names: nobody receives mail there, so such an address reaches no one. */
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org", "example", "test", "invalid", "localhost"];

function isReachable(email: string | undefined): boolean {
  if (email === undefined) return false;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return !RESERVED_DOMAINS.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`));
}

const MAX_SHOWN = 40;

function shown(name: string): string {
  return name.length > MAX_SHOWN ? `${name.slice(0, MAX_SHOWN)}…` : name;
}

function isTestName(folded: string): boolean {
  if (JAPANESE_TEST.test(folded.replace(/\s+/g, ""))) return true;
  // "test123" and "Test-Fund #2" are the words test, 123, fund, 2.
  const words = folded.split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter((word) => word !== "");
  if (!words.some((word) => TEST_WORDS.has(word))) return false;
  return words.every((word) => TEST_WORDS.has(word) || FILLER_WORDS.has(word) || /^\d+$/.test(word));
}

/**
 * Why a row of this name is no investor, in the preview's words; undefined for a real one.
 * A test-named row with a reachable email is kept: a founder trying the mail on their own
 * address does it on purpose. A placeholder or a name of punctuation alone is refused whatever
 * else the row holds.
 */
export function junkRowReason(name: string, email: string | undefined): string | undefined {
  const folded = name.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  if (!/[\p{L}\p{N}]/u.test(folded)) return `Looks like a placeholder, not a name: '${shown(name)}'`;
  // From the first letter or digit to the last: "(placeholder)" is "placeholder".
  const bare = /[\p{L}\p{N}](?:.*[\p{L}\p{N}])?/su.exec(folded)?.[0] ?? "";
  if (PLACEHOLDERS.has(bare) || KEYBOARD.test(bare)) return `Looks like a placeholder, not a name: '${shown(name)}'`;
  if (!isReachable(email) && isTestName(folded)) return `Looks like a test row: '${shown(name)}'`;
  return undefined;
}
