import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
} from '../../../../shared/password-policy.ts';
import { NAV_TABS } from '../../../../shared/tabs.ts';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { useClubName } from '../../../lib/public-config.ts';
import { GuideSection } from './GuideSection.tsx';

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
            <li>
              <a className="link" href="#signing-in">
                Signing in
              </a>
            </li>
            <li>
              <a className="link" href="#joining">
                Joining a team with an invite code
              </a>
            </li>
            <li>
              <a className="link" href="#tabs">
                Finding your way: the tabs
              </a>
            </li>
            <li>
              <a className="link" href="#account">
                Account settings
              </a>
            </li>
            <li>
              <a className="link" href="#passwords">
                Password rules
              </a>
            </li>
            <li>
              <a className="link" href="#forgot">
                Forgot your password?
              </a>
            </li>
          </ol>
        </nav>

        <GuideSection id="signing-in" title="Signing in">
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

        <GuideSection id="joining" title="Joining a team with an invite code">
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
            If the coach already knows you, you are signed in straight away. Otherwise a coach reviews your
            request and you receive an email when it is approved; then sign in as usual. Already have an
            account? Fill in the same form with your existing email and password.
          </p>
        </GuideSection>

        <GuideSection id="tabs" title="Finding your way: the tabs">
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
        </GuideSection>

        <GuideSection id="account" title="Account settings">
          <p>
            Select your name at the bottom of the side bar to open <strong>Account Settings</strong>. Under{' '}
            <strong>Profile Information</strong> you can change your full name, email address and phone
            number. Under <strong>Change Password</strong> you enter your current password and the new one
            twice.
          </p>
          <p>Changing your password signs you out on every other device; this one stays signed in.</p>
        </GuideSection>

        <GuideSection id="passwords" title="Password rules">
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

        <GuideSection id="forgot" title="Forgot your password?">
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
