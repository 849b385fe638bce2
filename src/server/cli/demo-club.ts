import { registerBody } from '../../shared/api/auth.ts';
import { gameBody, practiceBody, tournamentBody, tournamentGameBody } from '../../shared/api/events.ts';
import { joinBody, rejectJoinBody } from '../../shared/api/joining.ts';
import { kitBody } from '../../shared/api/kits.ts';
import { addParentBody } from '../../shared/api/roster.ts';
import { setupTeamBody, type Team } from '../../shared/api/teams.ts';
import { todayIn } from '../../shared/event-dates.ts';
import { addDays } from '../../shared/events.ts';
import type { Position, Relationship } from '../../shared/teams.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { AccessTokens } from '../features/auth/access-tokens.ts';
import type { LinkSigner } from '../features/auth/signed-links.ts';
import { markEmailVerified } from '../features/auth/email-verification.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { findUserByEmail, insertUser, type UserRow } from '../features/auth/queries.ts';
import { loadTeamAccess } from '../features/teams/access.ts';
import { discardUnsentEmails } from '../mail/outbox.ts';
import { discardPendingDeliveries } from '../features/notifications/sender-queries.ts';
import { createServices, type Services } from '../services.ts';

// The demo club (npm run seed:demo, cli/seed-demo.ts): a coach with two teams, players, parents, join
// requests and a season of events. Everything but the accounts goes through the services, so the same
// rules hold as for the API; it all happens in one transaction, so a seed that fails leaves nothing.
// Sends nothing needless (docs/product/limits-and-abuse.md 'Privacy in logs and email'): the demo
// accounts are example.com addresses nobody reads, created already verified, and nothing is emailed to
// them. Only the invites to the parents without an account are queued, so someone trying the demo can
// follow one (see the mail log).

export const DEMO_PASSWORD = 'Riverside#Goal26';
export const COACH_EMAIL = 'coach.morgan@example.com';

export interface DemoAccount {
  role: string;
  name: string;
  email: string;
  note: string;
}

export interface DemoClub {
  accounts: DemoAccount[];
  teams: Team[];
}

interface Seeder {
  db: Db;
  config: Config;
  services: Services;
  /** Every demo account's password, hashed once. */
  passwordHash: string;
  accounts: DemoAccount[];
}

export async function seedDemoClub(
  db: Db,
  config: Config,
  tokens: AccessTokens,
  links: LinkSigner,
): Promise<DemoClub> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const s: Seeder = {
      db: tx,
      config,
      // Nothing to nudge: the app's sender sends the invites when it runs.
      services: createServices({ db: tx, config, tokens, links, mailQueued: () => {} }),
      passwordHash,
      accounts: [],
    };
    const teams = await seed(s);
    // The services email each join decision, and the seeded changes notify the team: nothing of it
    // is sent to these addresses (the bell still lists what the seed did).
    await discardUnsentEmails(
      tx,
      s.accounts.map((a) => a.email),
    );
    await discardPendingDeliveries(
      tx,
      s.accounts.map((a) => a.email),
    );
    return { accounts: s.accounts, teams };
  });
}

/** Whether the demo club is already there (it is seeded on a fresh database only). */
export async function demoClubExists(db: Db): Promise<boolean> {
  return (await findUserByEmail(db, COACH_EMAIL)) !== undefined;
}

function missing(what: string): never {
  throw new Error(`The demo seed lost track of ${what}`);
}

type AccountArgs = [
  role: 'coach' | 'parent' | 'player',
  name: string,
  email: string,
  phone: string,
  note: string,
];

/** A demo account, verified from the start: nobody can follow links sent to example.com. */
async function createAccount(s: Seeder, ...[role, name, email, phone, note]: AccountArgs): Promise<UserRow> {
  const input = registerBody.parse({ name, email, phone, password: DEMO_PASSWORD, role });
  const user = await insertUser(s.db, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    role,
    passwordHash: s.passwordHash,
  });
  if (!user) throw new Error(`An account with the email ${email} already exists`);
  await markEmailVerified(s.db, user.id);
  s.accounts.push({ role, name, email: user.email, note });
  return (await findUserByEmail(s.db, user.email)) ?? missing(email);
}

type Row = [name: string, position: Position | '', jersey: number | null, age: number];
type ParentSeed = [
  player: string,
  name: string,
  email: string,
  phone: string,
  primary: boolean,
  more?: { relationship?: Relationship; invite?: boolean },
];

async function fillRoster(s: Seeder, coach: UserRow, team: Team, roster: Row[], contacts: ParentSeed[]) {
  const access = await loadTeamAccess(s.db, coach, team.id);
  const added = await s.services.players.bulkAdd(
    access,
    roster.map(([name, position, jersey_number, age]) => ({ name, position, jersey_number, age })),
  );
  const idOf = (name: string) => added.players.find((p) => p.name === name)?.id ?? missing(`player ${name}`);
  for (const [player, name, email, phone, primary, more = {}] of contacts) {
    await s.services.parents.add(
      access,
      idOf(player),
      addParentBody.parse({
        parent_name: name,
        parent_email: email,
        parent_phone: phone,
        relationship_type: more.relationship ?? 'parent',
        is_primary: primary,
        send_invite: more.invite ?? false,
      }),
    );
  }
  return idOf;
}

async function seed(s: Seeder): Promise<Team[]> {
  const { teams, joining, moderators, kits } = s.services;
  const account = (...args: AccountArgs) => createAccount(s, ...args);
  const askToJoin = (user: UserRow, team: Team, message?: string) =>
    joining.join(user, joinBody.parse({ invite_code: team.invite_code, message }));
  const coach = await account('coach', 'Morgan Reyes', COACH_EMAIL, '(555) 201-4410', 'coaches both teams');

  const wizard = {
    league_name: 'Riverside Metro Youth League',
    season: 'Fall 2026',
    season_start: '2026-08-22',
    season_end: '2026-11-14',
    head_coach_name: 'Morgan Reyes',
    head_coach_phone: '(555) 201-4410',
    head_coach_email: COACH_EMAIL,
    practice_location: 'Riverside Park, Field 3',
    emergency_contact_name: 'Riverside Park Office',
    emergency_contact_phone: '(555) 201-9000',
    emergency_contact_relation: 'Field manager',
  };
  const hawks = await teams.setup(
    coach,
    setupTeamBody.parse({
      ...wizard,
      name: 'U10 Riverside Hawks',
      age_group: 'U10',
      division: 'Recreational',
      team_description: 'Friendly Saturday-morning football: everyone plays, everyone learns.',
      assistant_coach_name: 'Jamie Patel',
      assistant_coach_phone: '(555) 201-5522',
      assistant_coach_email: 'jamie.patel@example.com',
      primary_color: '#1d4ed8',
      secondary_color: '#facc15',
      practice_day: 'Tuesday',
      practice_time: '17:30',
    }),
  );
  const falcons = await teams.setup(
    coach,
    setupTeamBody.parse({
      ...wizard,
      name: 'U12 Riverside Falcons',
      age_group: 'U12',
      division: 'Competitive',
      team_description: 'Competitive squad in the Metro League, two practices a week.',
      assistant_coach_name: 'Chris Okafor',
      assistant_coach_phone: '(555) 201-6633',
      assistant_coach_email: 'chris.okafor@example.com',
      practice_day: 'Monday and Thursday',
      practice_time: '18:00',
    }),
  );

  await fillRoster(
    s,
    coach,
    hawks,
    [
      ['Mia Lopez', 'Goalkeeper', 1, 10],
      ['Noah Kim', 'Defender', 2, 9],
      ['Ava Johnson', 'Defender', 3, 10],
      ['Liam Okafor', 'Defender', 4, 9],
      ['Sofia Rossi', 'Midfielder', 6, 10],
      ['Ethan Brown', 'Midfielder', 7, 9],
      ['Zoe Nguyen', 'Midfielder', 8, 10],
      ['Lucas Silva', 'Forward', 9, 10],
      ['Emma Walsh', 'Forward', 10, 9],
      ['Oliver Chen', 'Forward', 11, 9],
      ['Isla Murphy', 'Midfielder', 14, 10],
      ['Leo Haddad', '', null, 9],
    ],
    [
      ['Mia Lopez', 'Dana Lopez', 'dana.lopez@example.com', '(555) 310-1001', true],
      [
        'Mia Lopez',
        'Rosa Lopez',
        'rosa.lopez@example.com',
        '(555) 310-1002',
        false,
        { relationship: 'grandmother' },
      ],
      ['Noah Kim', 'Grace Kim', 'grace.kim@example.com', '(555) 310-1003', true],
      ['Ava Johnson', 'Marcus Johnson', 'marcus.johnson@example.com', '(555) 310-1004', true],
      ['Liam Okafor', 'Ngozi Okafor', 'ngozi.okafor@example.com', '(555) 310-1005', true],
      ['Sofia Rossi', 'Giulia Rossi', 'giulia.rossi@example.com', '(555) 310-1006', true, { invite: true }],
      ['Ethan Brown', 'Kevin Brown', 'kevin.brown@example.com', '(555) 310-1007', true],
      ['Zoe Nguyen', 'Linh Nguyen', 'linh.nguyen@example.com', '(555) 310-1008', true],
      ['Lucas Silva', 'Ana Silva', 'ana.silva@example.com', '(555) 310-1009', true, { invite: true }],
      ['Emma Walsh', 'Siobhan Walsh', 'siobhan.walsh@example.com', '(555) 310-1010', true],
    ],
  );
  const falconsPlayer = await fillRoster(
    s,
    coach,
    falcons,
    [
      ['Diego Santos', 'Goalkeeper', 1, 12],
      ['Hannah Weber', 'Defender', 3, 11],
      ['Samuel Adeyemi', 'Defender', 4, 12],
      ['Chloe Martin', 'Defender', 5, 11],
      ['Ravi Sharma', 'Midfielder', 6, 12],
      ['Maya Cohen', 'Midfielder', 8, 11],
      ['Jack Foster', 'Midfielder', 10, 12],
      ['Amara Diallo', 'Forward', 9, 12],
      ['Finn Larsen', 'Forward', 11, 11],
      ['Lily Tanaka', 'Forward', 17, 11],
      ['Owen Price', 'Defender', 22, 12],
      ['Nina Petrova', 'Midfielder', 23, 11],
    ],
    [
      ['Diego Santos', 'Carmen Santos', 'carmen.santos@example.com', '(555) 320-2001', true],
      ['Hannah Weber', 'Klaus Weber', 'klaus.weber@example.com', '(555) 320-2002', true],
      ['Samuel Adeyemi', 'Funmi Adeyemi', 'funmi.adeyemi@example.com', '(555) 320-2003', true],
      ['Chloe Martin', 'Julie Martin', 'julie.martin@example.com', '(555) 320-2004', true],
      ['Ravi Sharma', 'Priya Sharma', 'priya.sharma@example.com', '(555) 320-2005', true, { invite: true }],
      ['Maya Cohen', 'Daniel Cohen', 'daniel.cohen@example.com', '(555) 320-2006', true],
      ['Jack Foster', 'Emily Foster', 'emily.foster@example.com', '(555) 320-2007', true],
      ['Amara Diallo', 'Fatou Diallo', 'fatou.diallo@example.com', '(555) 320-2008', true],
      ['Finn Larsen', 'Erik Larsen', 'erik.larsen@example.com', '(555) 320-2009', true],
    ],
  );

  // Parents who signed up and joined: their email is a contact, so joining is approved and linked.
  for (const [name, email, phone, team] of [
    ['Dana Lopez', 'dana.lopez@example.com', '(555) 310-1001', hawks],
    ['Grace Kim', 'grace.kim@example.com', '(555) 310-1003', hawks],
    ['Kevin Brown', 'kevin.brown@example.com', '(555) 310-1007', hawks],
    ['Klaus Weber', 'klaus.weber@example.com', '(555) 320-2002', falcons],
  ] as const) {
    const parent = await account(
      'parent',
      name,
      email,
      phone,
      `parent on ${team.name}, linked to their child`,
    );
    await askToJoin(parent, team);
  }

  // A parent the coach let in without linking a child yet: 'Unassigned' under Parent Accounts.
  const unassigned = await account(
    'parent',
    'Tom Becker',
    'tom.becker@example.com',
    '(555) 310-1020',
    `parent on ${hawks.name}, not linked to a player yet`,
  );
  const tomRequest = await askToJoin(
    unassigned,
    hawks,
    'New to the area; my son Max hopes to join the team.',
  );
  await joining.approve(await loadTeamAccess(s.db, coach, hawks.id), tomRequest.request_id, null);

  // A player with their own account, linked to their roster entry on approval.
  const diego = await account(
    'player',
    'Diego Santos',
    'diego.santos@example.com',
    '(555) 320-2101',
    `player on ${falcons.name}, linked to #1 Diego Santos`,
  );
  const diegoRequest = await askToJoin(diego, falcons);
  await joining.approve(
    await loadTeamAccess(s.db, coach, falcons.id),
    diegoRequest.request_id,
    falconsPlayer('Diego Santos'),
  );

  // Decided: a rejected request.
  const rejected = await account(
    'parent',
    'Alex Wrongteam',
    'alex.wrongteam@example.com',
    '(555) 330-3001',
    `request to ${hawks.name} rejected; may ask again`,
  );
  const alexRequest = await askToJoin(rejected, hawks, 'Hi, is this the U8 team?');
  await joining.reject(
    await loadTeamAccess(s.db, coach, hawks.id),
    alexRequest.request_id,
    rejectJoinBody.parse({
      rejection_reason: 'This is the U10 team; please ask the U8 coach for their code.',
    }),
  );

  // Waiting for the coach: three pending requests.
  for (const [role, name, email, phone, team, message] of [
    [
      'parent',
      'Isabel Haddad',
      'isabel.haddad@example.com',
      '(555) 310-1030',
      hawks,
      'Mother of Leo Haddad.',
    ],
    ['parent', 'Sean Murphy', 'sean.murphy@example.com', '(555) 310-1031', hawks, "Isla Murphy's dad."],
    ['player', 'Lily Tanaka', 'lily.tanaka@example.com', '(555) 320-2110', falcons, 'I play forward, #17.'],
  ] as const) {
    const user = await account(role, name, email, phone, `pending join request to ${team.name}`);
    await askToJoin(user, team, message);
  }

  // Grace Kim helps run the Hawks: she keeps the roster and the scores.
  const hawksAccess = await loadTeamAccess(s.db, coach, hawks.id);
  const grace = (await findUserByEmail(s.db, 'grace.kim@example.com')) ?? missing('Grace Kim');
  await moderators.assign(hawksAccess, grace.id, ['can_manage_roster', 'can_update_scores']);
  const note = s.accounts.find((a) => a.email === grace.email);
  if (note) note.note += '; moderator: roster and scores';

  for (const [name, type, jersey_color, shorts_color, socks_color, description] of [
    ['Home', 'home', '#1D4ED8', '#FFFFFF', '#1D4ED8', 'Blue shirts, white shorts'],
    ['Away', 'away', '#FFFF00', '#000000', '#FFFF00', null],
    ['Keeper', 'goalkeeper', '#00CC00', '#000000', '#00CC00', 'Goalkeeper only'],
  ] as const) {
    await kits.create(
      hawksAccess,
      kitBody.parse({ name, type, jersey_color, shorts_color, socks_color, description }),
    );
  }

  await seedEvents(s, coach, hawks, falcons);
  return [hawks, falcons];
}

/** The Hawks' season around today: a finished and a coming tournament, games with results, practices. */
async function seedEvents(s: Seeder, coach: UserRow, hawks: Team, falcons: Team) {
  const { tournaments, games, practices } = s.services;
  const day = (days: number) => addDays(todayIn(s.config.TEAM_TIME_ZONE), days);
  const hawksAccess = await loadTeamAccess(s.db, coach, hawks.id);
  const falconsAccess = await loadTeamAccess(s.db, coach, falcons.id);

  const autumn = await tournaments.create(
    hawksAccess,
    tournamentBody.parse({
      name: 'Riverside Autumn Classic',
      location: 'Riverside Sports Complex',
      address: '400 River Road, Riverside',
      url: 'https://autumn-classic.example.org',
      start_date: day(-20),
      end_date: day(-19),
      notes: 'Check in at the main tent 45 minutes before the first game.',
    }),
  );
  for (const [opponent, round_name, date, time, field, our_score, opponent_score] of [
    ['Lakeside United', 'Group B', day(-20), '09:00', 'Field 4', 3, 1],
    ['Hillcrest Rovers', 'Group B', day(-20), '13:30', 'Field 2', 1, 1],
    ['Northgate FC', 'Semi-final', day(-19), '10:00', 'Field 1', 0, 2],
  ] as const) {
    await tournaments.addGame(
      hawksAccess,
      autumn.id,
      tournamentGameBody.parse({
        opponent,
        round_name,
        date,
        time,
        field,
        kit: 'Home',
        our_score,
        opponent_score,
      }),
    );
  }

  const winterCup = await tournaments.create(
    hawksAccess,
    tournamentBody.parse({
      name: 'Winter Indoor Cup',
      location: 'Metro Indoor Arena',
      address: '12 Arena Way, Metro City',
      start_date: day(12),
      end_date: day(13),
      notes: 'Indoor shoes only. Parents: bring a folding chair.',
    }),
  );
  for (const game of [
    { opponent: 'Eastside Strikers', round_name: 'Group A', date: day(12), time: '10:15', field: 'Court 1' },
    { opponent: 'Valley Kickers', round_name: 'Group A', date: day(12), time: 'TBD', field: 'Court 2' },
    {
      opponent: 'Winner of Group C',
      round_name: 'Final',
      date: day(13),
      status: 'conditional',
      condition: 'If we win Group A',
    },
  ]) {
    await tournaments.addGame(hawksAccess, winterCup.id, tournamentGameBody.parse({ kit: 'Away', ...game }));
  }

  // The Falcons' tournament is what Quick Add offers the Hawks' coach.
  await tournaments.create(
    falconsAccess,
    tournamentBody.parse({
      name: 'Metro League Spring Showcase',
      location: 'Metro Park',
      start_date: day(40),
      end_date: day(42),
    }),
  );

  for (const game of [
    {
      opponent: 'Oakwood Owls',
      date: day(-14),
      time: '10:00',
      type: 'league',
      our_score: 2,
      opponent_score: 0,
    },
    {
      opponent: 'Brookfield Bees',
      date: day(-7),
      time: '09:30',
      type: 'league',
      is_home: false,
      address: '55 Meadow Lane, Brookfield',
      our_score: 1,
      opponent_score: 3,
    },
    {
      opponent: 'Pinecrest Panthers',
      date: day(-3),
      time: '11:00',
      type: 'friendly',
      our_score: 2,
      opponent_score: 2,
    },
    { opponent: 'Harbor City FC', date: day(4), time: '10:00', type: 'league', kit: 'Home' },
    { opponent: 'Maple Grove', date: day(11), time: '09:00', type: 'friendly', is_home: false, kit: 'Away' },
  ]) {
    await games.create(
      hawksAccess,
      gameBody.parse({
        location: game.is_home === false ? 'Away ground' : 'Riverside Park, Field 3',
        ...game,
      }),
    );
  }

  // Tuesday practices for the rest of the season, as the Add Practice dialog's repeat makes them.
  const nextTuesday = [...Array(7).keys()]
    .map((n) => day(n + 1))
    .find((date) => new Date(date).getUTCDay() === 2);
  await practices.create(
    hawksAccess,
    practiceBody.parse({
      team_id: hawks.id,
      title: 'Team practice',
      date: nextTuesday,
      time: '17:30',
      location: 'Riverside Park, Field 3',
      duration: 75,
      focus: 'Passing and movement',
      equipment_needed: 'Shin guards, water bottle',
      repeat_weeks: 8,
    }),
  );
  await practices.create(
    hawksAccess,
    practiceBody.parse({
      team_id: hawks.id,
      title: 'Goalkeeper session',
      date: day(-5),
      time: '16:45',
      location: 'Riverside Park, Field 1',
      duration: 45,
      focus: 'Handling and distribution',
    }),
  );
}
