import { Tag } from '../../../components/Tag.tsx';
import './next-steps.css';

/** What the roster already holds, read by the app from the roster feature. */
export interface RosterProgress {
  hasPlayers: boolean;
  hasParents: boolean;
}

interface TeamNextStepsProps {
  roster: RosterProgress;
  hasEvents: boolean;
}

/**
 * A new team's next steps on the coach's dashboard (issue 8: after 'Team Created!', until they are
 * done): add the players, invite their parents, add the first event. Each step says when it is done,
 * and the card goes away once all three are.
 */
export function TeamNextSteps({ roster, hasEvents }: TeamNextStepsProps) {
  const steps = [
    {
      done: roster.hasPlayers,
      title: 'Add your players',
      text: 'Names, jersey numbers and positions, one by one or several at once with Bulk Add.',
      href: '#team',
      action: 'Open the roster',
    },
    {
      done: roster.hasParents,
      title: 'Invite the parents',
      text: 'Add a parent to a player with Manage Parents: they get an email inviting them to the team.',
      href: '#team',
      action: 'Manage parents',
    },
    {
      done: hasEvents,
      title: 'Add your first event',
      text: 'A tournament, a game or a practice: families see it on their schedule at once.',
      href: '#tournaments?add=tournament',
      action: 'Add an event',
    },
  ];
  if (steps.every((step) => step.done)) return null;
  const left = steps.filter((step) => !step.done).length;

  return (
    <section className="card" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title" className="card__title">
        Next steps
      </h2>
      <p className="muted">{left === 1 ? 'One step left' : `${left} steps left`} to get your team going.</p>
      <ol className="next-steps">
        {steps.map((step) => (
          <li key={step.title} className={`next-steps__item${step.done ? ' next-steps__item--done' : ''}`}>
            <div className="next-steps__row">
              <div className="next-steps__main">
                <p className="next-steps__title">
                  {step.title} {step.done && <Tag tone="success">Done</Tag>}
                </p>
                {!step.done && <p className="muted">{step.text}</p>}
              </div>
              {!step.done && (
                <a className="button button--secondary button--small" href={step.href}>
                  {step.action}
                </a>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
