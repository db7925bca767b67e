/** The part of autocannon's API the HTTP benchmark uses (the package ships no types). */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    totalBytes: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    /** `response` is emitted with (client, statusCode, resBytes, responseTimeMs). */
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default function autocannon(options: Options): Instance;
}
