import { type BlobStore, blobStoreFromConfig } from './blob-store/index.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { createAnnouncementService } from './features/announcements/service.ts';
import type { AccessTokens } from './features/auth/access-tokens.ts';
import { createAuthService } from './features/auth/service.ts';
import { createCalendarMonthService } from './features/calendar/month-service.ts';
import { createConversationService } from './features/conversations/service.ts';
import { createDocumentService } from './features/documents/service.ts';
import { createGameService } from './features/events/games-service.ts';
import { createPracticeService } from './features/events/practices-service.ts';
import { createTournamentService } from './features/events/tournaments-service.ts';
import { createJoiningService } from './features/joining/service.ts';
import { createKitService } from './features/kits/service.ts';
import { createModeratorService } from './features/moderators/service.ts';
import { createPollService } from './features/polls/service.ts';
import { createParentService } from './features/roster/parents-service.ts';
import { createPlayerService } from './features/roster/players-service.ts';
import { createRsvpService } from './features/rsvp/service.ts';
import { findTeamByInviteCode } from './features/teams/queries.ts';
import { createTeamService } from './features/teams/service.ts';

// The composition root: every feature's service, built once from the same dependencies. The app's
// routes and the demo seed both use it, so the seed goes through exactly the code the API runs.

export interface ServiceDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  /** Tells the mail sender something was queued. */
  mailQueued: () => void;
  /** Tells the group-chat sender a cross-post was queued. */
  chatPostQueued?: () => void;
  /** Where document files go; by default the configured store (blob-store/index.ts). */
  blobs?: BlobStore;
  log?: { warn(object: object, message: string): void };
}

export function createServices({ db, config, tokens, mailQueued, chatPostQueued, ...deps }: ServiceDeps) {
  const blobs = deps.blobs ?? blobStoreFromConfig(config);
  // The events lists, also read by the calendar.
  const events = {
    tournaments: createTournamentService({ db, config }),
    games: createGameService({ db, config }),
    practices: createPracticeService({ db, config }),
  };
  return {
    auth: createAuthService({
      db,
      config,
      tokens,
      mailQueued,
      inviteCodeExists: async (code) => (await findTeamByInviteCode(db, code)) !== undefined,
    }),
    teams: createTeamService({ db, config }),
    players: createPlayerService({ db }),
    parents: createParentService({ db, config, mailQueued }),
    joining: createJoiningService({ db, config, mailQueued }),
    moderators: createModeratorService({ db }),
    kits: createKitService({ db }),
    ...events,
    rsvp: createRsvpService({ db, config }),
    calendarMonth: createCalendarMonthService({ events, config }),
    polls: createPollService({ db, config, mailQueued }),
    announcements: createAnnouncementService({ db, config, chatPostQueued: chatPostQueued ?? (() => {}) }),
    conversations: createConversationService({ db, config }),
    blobs,
    documents: createDocumentService({
      db,
      blobs,
      uploadsPerHour: config.UPLOAD_LIMIT_PER_USER_PER_HOUR,
      ...(deps.log ? { log: deps.log } : {}),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
