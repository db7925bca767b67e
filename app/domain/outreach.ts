/**
 * The outreach draft (SPEC §5, §10): the founder's name and pitch, the investor's name and the
 * signal hook, and the meeting link. It is a draft to copy or open in a mail app; nothing is sent.
 */
export type OutreachInput = {
  founderName: string | undefined;
  pitch: string | undefined;
  startupName?: string;
  investorName: string;
  investorEmail?: string | null;
  hook: string | null;
  meetingLink: string | undefined;
};

export type OutreachDraft = { subject: string; body: string; mailto: string | null };

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function draftOutreach(input: OutreachInput): OutreachDraft {
  const founder = input.founderName?.trim() || "[your name]";
  const pitch = input.pitch?.trim() || "[one line on what you are building and why now]";
  const about = input.startupName ? `${input.startupName}: ${pitch}` : pitch;
  const opener = input.hook
    ? `I saw this: ${input.hook.replace(/\s+/g, " ").trim().replace(/\.?$/, ".")} It is why I thought of you.`
    : "I have been following your investments and think we could be a fit.";
  const ask = input.meetingLink
    ? `Would you have 20 minutes in the next two weeks? You can pick a time here: ${input.meetingLink}`
    : "Would you have 20 minutes in the next two weeks? Reply with a time that suits you.";
  const subject = input.startupName ? `${input.startupName} — intro` : `Intro from ${founder}`;
  const body = [`Hi ${firstName(input.investorName)},`, "", opener, "", about, "", ask, "", "Best,", founder].join("\n");
  const mailto = input.investorEmail
    ? `mailto:${encodeURIComponent(input.investorEmail)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
    : null;
  return { subject, body, mailto };
}
