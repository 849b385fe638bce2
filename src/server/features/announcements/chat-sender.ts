import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import {
  claimDueChatPosts,
  claimSeconds,
  markChatPostFailed,
  markChatPostSent,
  retryDelaySeconds,
} from './chat-outbox.ts';

const BATCH = 20;
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

/** A failed post: `refused` when the service answered 4xx other than 408/429 (retrying will not help). */
export class ChatPostError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
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
  );
}

export interface ChatSenderOptions {
  apiUrl: string;
  pollMs: number;
  /** Seconds before the next try after the n-th failure (tests shorten it). */
  retryDelay?: (attempts: number) => number;
}

/**
 * Drains the chat-post outbox, as MailSender drains the email outbox: every process runs one, the
 * claim in the database keeps two from posting the same message; on a timer, and at once on `nudge()`.
 */
export class ChatPostSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: ChatSenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Posts everything due now. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sendDue().finally(() => (this.running = undefined));
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.drain()
        .catch((error: unknown) => this.log.error({ err: error }, 'chat-post sender failed'))
        .finally(() => {
          if (this.stopped) return;
          const next = this.again ? 0 : this.options.pollMs;
          this.again = false;
          this.schedule(next);
        });
    }, delay);
    this.timer.unref();
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const batch = await claimDueChatPosts(this.db, BATCH, claimSeconds(BATCH, POST_TIMEOUT_MS));
      for (const row of batch) {
        try {
          await postToGroupChat(this.options.apiUrl, row.botId, row.text);
          await markChatPostSent(this.db, row);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const refused = error instanceof ChatPostError && error.refused;
          this.log.warn(
            { chatPostId: row.id, teamId: row.teamId, attempts: row.attempts, error: message },
            'group-chat post not delivered',
          );
          await markChatPostFailed(
            this.db,
            row,
            message,
            refused,
            this.options.retryDelay ?? retryDelaySeconds,
          );
        }
      }
      if (batch.length < BATCH) return;
    }
  }
}
