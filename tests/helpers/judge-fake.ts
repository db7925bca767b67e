/**
 * Builds a plausible judgement from the prompt a fake model received: every quoted page of every
 * investor judged as a deal, activity 80, a hook citing the first page.
 */
export function judgementFor(prompt: string, overrides: { redFlag?: string | null } = {}) {
  const investors: Array<{
    investor_id: number;
    evidence: unknown[];
    signal_activity: number;
    signal_hook: string | null;
    hook_evidence_id: number | null;
    signal_red_flag: string | null;
  }> = [];
  let current: (typeof investors)[number] | undefined;
  for (const line of prompt.split("\n")) {
    const investor = /^INVESTOR id=(\d+)/.exec(line);
    if (investor) {
      current = {
        investor_id: Number(investor[1]),
        evidence: [],
        signal_activity: 80,
        signal_hook: null,
        hook_evidence_id: null,
        signal_red_flag: overrides.redFlag ?? null,
      };
      investors.push(current);
      continue;
    }
    const page = /^<<<PAGE id=(\d+)>>>$/.exec(line);
    if (page && current) {
      const id = Number(page[1]);
      current.evidence.push({ evidence_id: id, category: "deal", relevance: 0.8, summary: "Led a seed round this week." });
      if (current.hook_evidence_id === null) {
        current.hook_evidence_id = id;
        // What a model writes: a sentence a founder can use, never our page numbers.
        current.signal_hook = "Led a seed round this week";
      }
    }
  }
  return { investors };
}

/** The user prompt text out of a Gemini generateContent body or an OpenAI chat body. */
export function promptOf(body: any): string {
  if (Array.isArray(body?.contents)) {
    return body.contents
      .flatMap((content: any) => content.parts ?? [])
      .map((part: any) => part.text ?? "")
      .join("\n");
  }
  if (Array.isArray(body?.messages)) {
    return body.messages
      .filter((m: any) => m.role === "user")
      .map((m: any) => (typeof m.content === "string" ? m.content : ""))
      .join("\n");
  }
  return "";
}

/** A plausible chat answer from the context a fake model received: the first three listed investors. */
export function chatAnswerFor(prompt: string) {
  const listed = [...prompt.matchAll(/^id=(\d+) \| ([^|(]+)/gm)].slice(0, 3);
  if (listed.length === 0) return { answer: "Your pipeline is empty so far.", investor_ids: [] };
  const names = listed.map((match) => match[2]!.trim());
  return { answer: `Start with ${names.join(", ")}.`, investor_ids: listed.map((match) => Number(match[1])) };
}

/** Which of our two JSON schemas a Gemini or OpenAI request asked for. */
export function wantsChatAnswer(body: any): boolean {
  const schema = body?.generationConfig?.responseJsonSchema ?? body?.response_format?.json_schema?.schema;
  return Boolean(schema?.properties?.answer);
}
