import { WIZARD_STEPS } from '../lib/wizard-values.ts';

interface WizardProgressProps {
  step: number;
}

/** 'Step 1 of 4' and the names of the steps, the current one marked. */
export function WizardProgress({ step }: WizardProgressProps) {
  return (
    <div className="wizard-progress">
      <p className="wizard-progress__count">
        Step {step + 1} of {WIZARD_STEPS.length}
      </p>
      <ol className="wizard-progress__steps" role="list">
        {WIZARD_STEPS.map((s, index) => (
          <li
            key={s.title}
            className={`wizard-progress__step${index === step ? ' wizard-progress__step--current' : ''}${index < step ? ' wizard-progress__step--done' : ''}`}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="wizard-progress__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="wizard-progress__name">{s.title}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
