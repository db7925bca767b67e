/**
 * The states and provinces people write after a town ("Cambridge, MA", "Austin, Texas",
 * "Toronto, ON"), with the country each is in: a town's country is all a place needs, so the
 * state is read only to find it. Codes as the postal services write them; names folded.
 */

const WRITTEN: Record<string, string> = {
  US: [
    "AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware",
    "DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa",
    "KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota",
    "MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey",
    "NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon",
    "PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah",
    "VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|PR Puerto Rico",
  ].join("|"),
  CA: "AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan",
  AU: "NSW New South Wales|VIC Victoria|QLD Queensland|WA Western Australia|SA South Australia|TAS Tasmania|ACT Australian Capital Territory",
};

export type State = { code: string; country: string };

/** A state's code (as written, upper case) or folded name → the state and its country; a code may be in two. */
export const STATES: ReadonlyMap<string, readonly State[]> = (() => {
  const states = new Map<string, State[]>();
  const add = (key: string, state: State) => states.set(key, [...(states.get(key) ?? []), state]);
  for (const [country, list] of Object.entries(WRITTEN)) {
    for (const entry of list.split("|")) {
      const space = entry.indexOf(" ");
      const code = entry.slice(0, space);
      const state = { code, country };
      add(code, state);
      add(entry.slice(space + 1).toLowerCase(), state);
    }
  }
  return states;
})();
