/**
 * Plain one-line logs. Every line passes through a redactor that blanks the values of the
 * configured secrets, so even a careless message cannot print one.
 */
let secretValues: string[] = [];

export function redactSecrets(values: Array<string | undefined>): void {
  secretValues = values.filter((value): value is string => typeof value === "string" && value.length >= 4);
}

function redact(text: string): string {
  let out = text;
  for (const secret of secretValues) out = out.split(secret).join("[redacted]");
  return out;
}

function format(level: string, message: string, fields?: Record<string, unknown>): string {
  const extra = fields
    ? Object.entries(fields)
        .map(([key, value]) => ` ${key}=${typeof value === "string" ? JSON.stringify(value) : String(value)}`)
        .join("")
    : "";
  return redact(`${new Date().toISOString()} ${level} ${message}${extra}`);
}

export const log = {
  info(message: string, fields?: Record<string, unknown>) {
    console.log(format("info", message, fields));
  },
  warn(message: string, fields?: Record<string, unknown>) {
    console.warn(format("warn", message, fields));
  },
  error(message: string, fields?: Record<string, unknown>) {
    console.error(format("error", message, fields));
  },
};
