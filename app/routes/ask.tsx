import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/ask";
import { getApp } from "../app.server.ts";
import { sideOf, memberContext } from "../auth/guards.server.ts";
import { MAX_CHAT_MESSAGE_CHARS, chatRequestSchema } from "../domain/chat/schema.ts";
import { type ServiceState, chatSummaryNote } from "../domain/service-state.ts";
import { limitDemoChat } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { answerQuestion } from "../services/chat.server.ts";
import { investorLinks } from "../services/investor-search.server.ts";

/**
 * "Ask your pipeline" without JavaScript (/ask and /demo/ask): one question posted as a plain
 * form, answered by the chat's service (the model, else the rule answers) on the same page.
 * With JavaScript the header's link opens the chat drawer instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return sideOf({ request, context }, getApp());
}

type AskResult =
  | { question: string; error: string }
  | {
      question: string;
      answer: string;
      source: "model" | "summary";
      model_status: ServiceState;
      investors: Array<{ id: number; name: string; href: string }>;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  const form = await readFormBody(request);
  const raw = form.get("message");
  const question = typeof raw === "string" ? raw.slice(0, MAX_CHAT_MESSAGE_CHARS * 2) : "";
  const parsed = chatRequestSchema.safeParse({ message: question });
  if (!parsed.success) {
    const error =
      question.length > MAX_CHAT_MESSAGE_CHARS
        ? `The question is longer than ${MAX_CHAT_MESSAGE_CHARS} characters: shorten it and ask again.`
        : "Type a question first.";
    return data<AskResult>({ question, error }, { status: 400 });
  }
  if (demo) {
    try {
      limitDemoChat(request);
    } catch (refusal) {
      if (!(refusal instanceof Response)) throw refusal;
      const body = (await refusal.json()) as { error: { message: string } };
      return data<AskResult>({ question, error: body.error.message }, { status: refusal.status, headers: refusal.headers });
    }
  }
  const reply = await answerQuestion(app, parsed.data, { demo, asker: demo ? undefined : context.get(memberContext)?.name });
  return data<AskResult>({
    question,
    answer: reply.answer,
    source: reply.source,
    model_status: reply.model_status,
    investors: investorLinks(app, reply.investor_ids, demo),
  });
}

export default function Ask({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as AskResult | undefined;
  return (
    <>
      <div className="page-head">
        <h1>Ask your pipeline</h1>
        <p className="muted">
          {loaderData.demo ? "Answers come from the demo data only." : "Answers come from your dashboard's data only."}
        </p>
      </div>
      <section className="panel">
        <Form method="post" className="ask-form">
          <label htmlFor="ask-message">Your question</label>
          <textarea
            id="ask-message"
            name="message"
            rows={3}
            maxLength={MAX_CHAT_MESSAGE_CHARS}
            required
            defaultValue={result && "error" in result ? result.question : ""}
            placeholder="Who should I email first?"
            aria-describedby={result && "error" in result ? "ask-error" : undefined}
          />
          {result && "error" in result ? (
            <p id="ask-error" className="form-error" role="alert">
              {result.error}
            </p>
          ) : null}
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? "Thinking…" : "Ask"}
          </button>
        </Form>
      </section>
      {result && "answer" in result ? (
        <section className="panel" aria-labelledby="ask-answer">
          <h2 id="ask-answer">Answer</h2>
          <p className="ask-question">
            <span className="muted">You asked:</span> {result.question}
          </p>
          <p className="ask-reply">{result.answer}</p>
          {result.investors.length ? (
            <ul className="ask-links">
              {result.investors.map((investor) => (
                <li key={investor.id}>
                  <Link to={investor.href}>{investor.name}</Link>
                </li>
              ))}
            </ul>
          ) : null}
          {result.source === "summary" ? <p className="chat-source">{chatSummaryNote(result.model_status)}</p> : null}
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Ask your pipeline · Investor Pipeline" }];
