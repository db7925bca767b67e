/** Loopback fakes for every outside service, shared by tests and the offline dev script. */
export { startFakeServer } from "./fake-server.ts";
export type { FakeReply, FakeServer, RecordedRequest, ReplyHandler } from "./fake-server.ts";
export { newsResultsFor, startFakeTavily, tavilyError } from "./tavily.ts";
export type { FakeTavily } from "./tavily.ts";
export { geminiAnswer, geminiError, startFakeGemini } from "./gemini.ts";
export type { AnswerSource, FakeGemini } from "./gemini.ts";
export { chatCompletion, openAiError, startFakeOpenAi } from "./openai.ts";
export type { FakeOpenAi } from "./openai.ts";
export { startFakeTwilio, twilioError } from "./twilio.ts";
export type { FakeTwilio } from "./twilio.ts";
export { atomFeed, rssFeed, startFakeFeeds } from "./feeds.ts";
export type { FakeFeeds, FeedEntry } from "./feeds.ts";
export { artList, busyReply, startFakeGdelt } from "./gdelt.ts";
export type { FakeGdelt } from "./gdelt.ts";
export { startEndlessServer } from "./endless.ts";
export type { EndlessServer } from "./endless.ts";
