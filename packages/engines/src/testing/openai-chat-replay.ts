/**
 * Replays OpenAI's documented chat API (`POST /v1/chat/completions`) for translator tests: checks
 * the request as the API reference describes it (Bearer key, JSON body with `model` and `messages`
 * of `{ role, content }`, only documented optional fields) and answers with the documented shape
 * `{ id, object: 'chat.completion', created, model, choices: [{ index, message: { role, content },
 * finish_reason }], usage }`. The "model" is the test's: `translate` turns each requested line
 * into its translation (from a table the test holds), so answers are known in advance.
 */
import { startReplayServer, type ReplayRequest, type ReplayResponse, type ReplayServer } from './replay-http.ts';

export interface ChatReplayLine {
  id: string;
  text: string;
  speaker?: string;
  max_characters?: number;
}

export interface ChatReplayRequest {
  source_language: string;
  target_language: string;
  glossary?: Array<{ source: string; target: string }>;
  lines: ChatReplayLine[];
}

export interface OpenAIChatReplayOptions {
  apiKey?: string;
  models?: readonly string[];
  /** The translation of one line; the default marks it `[<target>] <text>`. */
  translate?: (line: ChatReplayLine, request: ChatReplayRequest) => string;
  /** Replaces the whole content of the next answers (to test a model that breaks the JSON contract). */
  content?: (request: ChatReplayRequest, call: number) => string | undefined;
}

const FIELDS = new Set(['model', 'messages', 'temperature', 'top_p', 'response_format', 'max_tokens', 'max_completion_tokens', 'seed', 'stream', 'n', 'stop', 'user']);

const error = (status: number, message: string, param: string | null = null): ReplayResponse => ({
  status,
  body: { error: { message, type: 'invalid_request_error', param, code: null } },
});

export function openAIChatHandler(options: OpenAIChatReplayOptions = {}) {
  const models = new Set(options.models ?? ['gpt-4o-mini']);
  let calls = 0;
  return (request: ReplayRequest): ReplayResponse => {
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return error(404, `Invalid URL (${request.method} ${request.path})`);
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) return error(401, 'Incorrect API key provided.');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return error(400, 'We could not parse the JSON body of your request.');
    }
    for (const key of Object.keys(body)) if (!FIELDS.has(key)) return error(400, `Unrecognized request argument supplied: ${key}`, key);
    if (typeof body.model !== 'string' || !models.has(body.model)) return error(404, `The model \`${String(body.model)}\` does not exist or you do not have access to it.`, 'model');
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) return error(400, "Missing required parameter: 'messages'.", 'messages');
    for (const message of messages as Array<Record<string, unknown>>) {
      if (!['system', 'user', 'assistant', 'developer'].includes(String(message.role)) || typeof message.content !== 'string') return error(400, "Invalid 'messages': each needs a role and string content.", 'messages');
    }
    // The request of the adapter is the first user message (later ones ask again).
    const first = (messages as Array<{ role: string; content: string }>).find((message) => message.role === 'user')!;
    let parsed: ChatReplayRequest;
    try {
      parsed = JSON.parse(first.content) as ChatReplayRequest;
    } catch {
      return error(400, 'this replay server expects the adapter\'s JSON request as the first user message');
    }
    calls += 1;
    const translate = options.translate ?? ((line, req) => `[${req.target_language}] ${line.text}`);
    const content = options.content?.(parsed, calls) ?? JSON.stringify({ translations: parsed.lines.map((line) => ({ id: line.id, text: translate(line, parsed) })) });
    return {
      status: 200,
      body: {
        id: `chatcmpl-replay-${calls}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: first.content.length, completion_tokens: content.length, total_tokens: first.content.length + content.length },
      },
    };
  };
}

export function startOpenAIChatReplayServer(options: OpenAIChatReplayOptions = {}): Promise<ReplayServer> {
  return startReplayServer(openAIChatHandler(options));
}
