import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { OutboxDrainer } from '../../outbox-drainer.ts';
import { retryDelaySeconds } from '../../outbox-claims.ts';
import {
  type ChatPostRow,
  claimDueChatPosts,
  claimSeconds,
  markChatPostFailed,
  markChatPostSent,
} from './chat-outbox.ts';

export const POST_TIMEOUT_MS = 10_000;
/** GroupMe's limit on a bot's message. */
export const CHAT_POST_MAX_CHARS = 1000;

/** The text as posted: at most CHAT_POST_MAX_CHARS, a longer one cut and ended with '…'. */
export function chatPostText(text: string): string {
  if (text.length <= CHAT_POST_MAX_CHARS) return text;
  let cut = text.slice(0, CHAT_POST_MAX_CHARS - 1);
  // Never split a surrogate pair (an emoji) in two.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** 408 (timeout) and 429 (too many requests) are passing, like a 5xx: retried without giving up. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * A failed post: `refused` when the service answered 4xx other than 408/429 (retrying will not help).
 * `code` and the service's HTTP status (`responseCode`) are what the log says of it (outbox-drainer.ts).
 */
export class ChatPostError extends Error {
  readonly code: 'CHAT_UNREACHABLE' | 'CHAT_REFUSED' | 'CHAT_FAILED';

  constructor(
    message: string,
    readonly refused: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.code = responseCode === undefined ? 'CHAT_UNREACHABLE' : refused ? 'CHAT_REFUSED' : 'CHAT_FAILED';
  }
}

/** Posts one message as the bot: POST {GROUPME_API_URL}/bots/post with {bot_id, text}. */
export async function postToGroupChat(apiUrl: string, botId: string, text: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl.replace(/\/+$/, '')}/bots/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot_id: botId, text: chatPostText(text) }),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ChatPostError(
      `Group chat unreachable: ${error instanceof Error ? error.message : String(error)}`,
      false,
    );
  }
  if (response.ok) return;
  await response.body?.cancel();
  const refused = isRefusal(response.status);
  throw new ChatPostError(
    refused
      ? `Group chat refused the post (${response.status}); check the bot id in Team Settings`
      : `Group chat answered ${response.status}`,
    refused,
    response.status,
  );
}

export interface ChatSenderOptions {
  apiUrl: string;
  pollMs: number;
  /** Seconds before the next try after the n-th failure (tests shorten it). */
  retryDelay?: (attempts: number) => number;
}

/** Drains the chat-post outbox: a 4xx refusal (a wrong bot id) gives up after a few tries. */
export class ChatPostSender extends OutboxDrainer<ChatPostRow> {
  constructor(db: Db, options: ChatSenderOptions, log: FastifyBaseLogger) {
    super(
      {
        name: 'group-chat post',
        claim: async () => (await claimDueChatPosts(db, 1, claimSeconds(1, POST_TIMEOUT_MS)))[0],
        deliver: (row) => postToGroupChat(options.apiUrl, row.botId, row.text),
        sent: (row) => markChatPostSent(db, row),
        failed: (row, error) =>
          markChatPostFailed(
            db,
            row,
            error instanceof Error ? error.message : String(error),
            error instanceof ChatPostError && error.refused,
            options.retryDelay ?? retryDelaySeconds,
          ),
        describe: (row) => ({ chatPostId: row.id, teamId: row.teamId, attempts: row.attempts }),
      },
      options.pollMs,
      log,
    );
  }
}
