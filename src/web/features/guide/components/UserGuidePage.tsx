import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
} from '../../../../shared/password-policy.ts';
import { NAV_TABS } from '../../../../shared/tabs.ts';
import {
  AGE_MAX,
  AGE_MIN,
  BULK_ADD_DEFAULT,
  BULK_ADD_MAX,
  INVITE_CODE_LENGTH,
  JERSEY_MAX,
  JERSEY_MIN,
} from '../../../../shared/teams.ts';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { useClubName } from '../../../lib/public-config.ts';
import { GuideSection } from './GuideSection.tsx';
import './guide.css';

const CONTENTS = [
  { id: 'signing-in', title: 'Signing in' },
  { id: 'creating-team', title: 'Creating a team (coaches)' },
  { id: 'invite-code', title: 'Your team’s invite code' },
  { id: 'joining', title: 'Joining a team with an invite code' },
  { id: 'join-requests', title: 'Approving join requests (coaches)' },
  { id: 'roster', title: 'The roster' },
  { id: 'parent-accounts', title: 'Parent contacts and accounts (coaches)' },
  { id: 'tabs', title: 'Finding your way: the tabs' },
  { id: 'account', title: 'Account settings' },
  { id: 'passwords', title: 'Password rules' },
  { id: 'forgot', title: 'Forgot your password?' },
] as const;
type SectionId = (typeof CONTENTS)[number]['id'];
const title = (id: SectionId) => CONTENTS.find((c) => c.id === id)?.title ?? id;

const TAB_DESCRIPTIONS: Record<string, string> = {
  dashboard: 'A summary of your team: what is coming up, recent results, open polls and announcements.',
  tournaments: 'Games, tournaments and practices of the team.',
  team: 'The roster. Coaches manage players and parent contacts here.',
  documents: 'Forms, waivers, rules and schedules shared with the team.',
  calendar: 'A month view of every event, where you answer whether your player attends.',
  messages: 'Announcements, conversations and polls. The number beside it counts unread messages.',
  admin: 'For coaches: join requests, helpers’ permissions and team settings.',
};

/** /user-guide: how to use the app, opened in its own window from the side bar. */
export function UserGuidePage() {
  const clubName = useClubName();
  return (
    <div className="guide-page">
      <header className="guide-page__header">
        <p className="guide-page__brand">
          <BrandMark /> {clubName || 'Team app'}
        </p>
      </header>
      <main id="main" className="guide-page__content">
        <h1 className="page-title">User Guide</h1>
        <p className="guide-page__lead">
          Everything a coach, parent or player needs to get going. Keep this window open next to the app.
        </p>

        <nav aria-label="Guide contents" className="card guide-toc">
          <h2 className="card__title">Contents</h2>
          <ol>
            {CONTENTS.map((c) => (
              <li key={c.id}>
                <a className="link" href={`#${c.id}`}>
                  {c.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <GuideSection id="signing-in" title={title('signing-in')}>
          <p>
            Open the app and enter the email address and password of your account, then choose{' '}
            <strong>Sign In</strong>. Use the <strong>Show password</strong> button to check what you typed.
          </p>
          <p>
            Coaches create their own account with <strong>Sign up as a coach</strong>: full name, email, a
            password and, if you like, a phone number. Parents and players do not sign up on their own; they
            join their team with an invite code (see the next section).
          </p>
          <p>
            You stay signed in on this device until you choose <strong>Logout</strong> at the bottom of the
            side bar. On a phone, open the side bar with the menu button at the top left.
          </p>
        </GuideSection>

        <GuideSection id="creating-team" title={title('creating-team')}>
          <p>
            A coach with no team is offered the <strong>Create Your Team</strong> wizard straight after
            signing in. Later, open it with <strong>+ Create Team</strong>, <strong>+ Add Team</strong> or{' '}
            <strong>+</strong> beside the team picker in the side bar. The wizard has four steps:
          </p>
          <ol>
            <li>
              <strong>Basic Team Information</strong>: the team name (required, at least 2 characters), age
              group (U6 to U19), division and league.
            </li>
            <li>
              <strong>Season &amp; Description</strong>: the season’s name, start and end dates, and a short
              description.
            </li>
            <li>
              <strong>Coach Information</strong>: the head coach’s name (required), phone and email, and an
              optional assistant coach.
            </li>
            <li>
              <strong>Team Branding &amp; Integration</strong>: the team colours, a logo address and, if the
              team uses GroupMe, the bot id for posting announcements to the group chat.
            </li>
          </ol>
          <p>
            Use <strong>Next</strong> and <strong>Previous</strong> to move between steps and{' '}
            <strong>Create Team</strong> on the last one. Closing the wizard throws away what you typed. The
            new team becomes the active team; with several teams, switch between them with the team picker.
          </p>
        </GuideSection>

        <GuideSection id="invite-code" title={title('invite-code')}>
          <p>
            Every team gets its own {INVITE_CODE_LENGTH}-character invite code. Coaches find it at the top of
            the <strong>Team</strong> tab; <strong>Copy Code</strong> puts it on the clipboard (the button
            reads <strong>Copied!</strong> for a moment). Share it with the team’s parents and players by
            message or email. Only coaches see the code.
          </p>
        </GuideSection>

        <GuideSection id="joining" title={title('joining')}>
          <p>
            Every team has an 8-character invite code, made of letters and digits. Your coach shares it with
            you, or sends you an email invite with a link that fills the form in for you.
          </p>
          <ol>
            <li>
              On the sign-in screen, choose <strong>Join a team with an invite code</strong>.
            </li>
            <li>Type the invite code (it is turned into capital letters for you).</li>
            <li>
              Say whether you join as a <strong>Parent</strong> or a <strong>Player</strong>.
            </li>
            <li>
              Enter your name, email, an optional phone number and a password, then choose{' '}
              <strong>Join Team</strong>.
            </li>
          </ol>
          <p>
            If the coach already knows you (you came from an email invite, or the coach added your email as a
            parent contact), you are signed in straight away. Otherwise you see{' '}
            <em>Request submitted successfully!</em>: a coach reviews your request and you receive an email
            when it is approved or declined; then sign in as usual. Already have an account? Fill in the same
            form with your existing email and password.
          </p>
          <p>
            <strong>Invited by email?</strong> The link in the email opens this form with the code, your name
            and your email already filled in. Choose a password and select <strong>Join Team</strong>. The
            link works once and expires after 14 days; ask your coach for a new one if it has.
          </p>
        </GuideSection>

        <GuideSection id="join-requests" title={title('join-requests')}>
          <p>
            The number beside <strong>Admin</strong> in the side bar counts the requests waiting for you. Open{' '}
            <strong>Admin</strong>, then the <strong>Join Requests</strong> tab. Waiting requests come first,
            with the person’s name, email, role, message and the date of the request.
          </p>
          <ul>
            <li>
              <strong>Approve</strong> lets the person in. You may link them to a player of the roster with{' '}
              <strong>Link to player</strong>, so that a parent sees their child.
            </li>
            <li>
              <strong>Reject</strong> declines the request; the reason you give is included in the email.
            </li>
          </ul>
          <p>
            Decided requests move to <strong>Past Requests</strong> (select it to open the list), with who
            decided, when, and any reason. The list refreshes by itself while it is open.
          </p>
        </GuideSection>

        <GuideSection id="roster" title={title('roster')}>
          <p>
            The <strong>Team</strong> tab lists the players, sorted by jersey number with players without a
            number last. <strong>Roster</strong> shows a compact list, <strong>Detailed</strong> a card per
            player. Parents and players see names and which parent is the <strong>Primary</strong> contact;
            email addresses and phone numbers are shown to coaches only. <strong>Search players</strong> finds
            a player by name, by a parent’s name, or by jersey number (type <em>7</em> or <em>#7</em>).
          </p>
          <p>Coaches can change the roster:</p>
          <ul>
            <li>
              <strong>Add Player</strong>: name (required), position, jersey number ({JERSEY_MIN} to{' '}
              {JERSEY_MAX}, not already taken on the team) and age ({AGE_MIN} to {AGE_MAX}).
            </li>
            <li>
              <strong>Bulk Add</strong>: choose how many rows you want (1 to {BULK_ADD_MAX},{' '}
              {BULK_ADD_DEFAULT} to start with) and fill them in; only rows with a name are added, and every
              jersey number must be different.
            </li>
            <li>
              <strong>Import</strong> (coaches and admins): paste rows from a spreadsheet or choose a CSV
              file, check which column is which, and fix any row marked with a problem. One row per player or
              per parent; rows naming the same player add more parents. Nothing is saved until you import, all
              rows together, and no invite goes out until you choose <strong>Invite all</strong>.
            </li>
            <li>
              <strong>Contact Sheet</strong> (coaches and admins): every player with their parents, phones and
              emails, to print on one page for an away trip or download as a CSV file.
            </li>
            <li>
              <strong>Edit</strong> and <strong>Remove</strong> beside each player. Removing asks for
              confirmation.
            </li>
          </ul>
        </GuideSection>

        <GuideSection id="parent-accounts" title={title('parent-accounts')}>
          <p>
            <strong>Manage Parents</strong> beside a player lists their parents on one side and a form to add
            one on the other: name, email, optional phone, relationship, whether this is the{' '}
            <strong>Primary contact</strong>, and <strong>Send invite email</strong> (on by default). With the
            invite, the parent receives a link to choose a password and sign straight into the team.{' '}
            <strong>Edit</strong> and <strong>Remove</strong> change a contact; <strong>Sync</strong> gives a
            contact an account (and an invite) if they do not have one yet.
          </p>
          <p>
            <strong>Parent Accounts</strong> (select <strong>Show</strong>) lists who can sign in:{' '}
            <strong>Synced</strong> parents have an account linked to a child, <strong>Pending</strong> ones
            have been invited but not set a password yet, and <strong>Unassigned</strong> ones have an account
            but no child; link them with <strong>Assign to Player</strong>. <strong>Sync All Parents</strong>{' '}
            creates accounts for every parent contact without one, sends their invites, and tells you how many
            were created, already existed or failed.
          </p>
        </GuideSection>

        <GuideSection id="tabs" title={title('tabs')}>
          <p>
            The side bar lists the parts of the app. The team picker above them chooses which team you are
            looking at.
          </p>
          <dl className="guide-tabs">
            {NAV_TABS.map((tab) => (
              <div key={tab.id} className="guide-tabs__item">
                <dt>{tab.label}</dt>
                <dd>{TAB_DESCRIPTIONS[tab.id]}</dd>
              </div>
            ))}
          </dl>
          <p>
            Each tab has its own web address, so the browser’s back and forward buttons work, and the app
            reopens on the tab you used last.
          </p>
          <p>
            Long lists (games, practices, documents) are grouped by month: the current month is open, and a
            tap on another month, such as <em>December 2026 (8)</em>, opens it. When a team has many practices
            they show one line each; tap a practice to see its details, or choose <strong>Detailed</strong>.{' '}
            <strong>Search documents</strong> finds a document by its title or file name.
          </p>
        </GuideSection>

        <GuideSection id="account" title={title('account')}>
          <p>
            Select your name at the bottom of the side bar to open <strong>Account Settings</strong>. Under{' '}
            <strong>Profile Information</strong> you can change your full name, email address and phone
            number. Under <strong>Change Password</strong> you enter your current password and the new one
            twice. Under <strong>Notifications</strong> you can turn on notifications on the device you are
            using, so it shows what changes for your teams even when the app is closed; signing out turns them
            off on that device.
          </p>
          <p>Changing your password signs you out on every other device; this one stays signed in.</p>
        </GuideSection>

        <GuideSection id="passwords" title={title('passwords')}>
          <p>
            A password must be {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters long and needs:
          </p>
          <ul>
            {PASSWORD_RULES.filter((rule) => rule.id !== 'min' && rule.id !== 'max').map((rule) => (
              <li key={rule.id}>{rule.label}</li>
            ))}
          </ul>
          <p>A checklist under the password field ticks off each rule as you type.</p>
        </GuideSection>

        <GuideSection id="forgot" title={title('forgot')}>
          <p>
            On the sign-in screen choose <strong>Forgot password?</strong> and enter your email address. If an
            account exists for it, you receive an email with a link to choose a new password. The link works
            once and for one hour; after that, ask for a new one.
          </p>
        </GuideSection>

        <p className="guide-page__back">
          <a className="link" href="/">
            Open the app
          </a>
        </p>
      </main>
    </div>
  );
}
