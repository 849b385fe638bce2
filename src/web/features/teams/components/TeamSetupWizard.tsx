import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Team } from '../../../../shared/api/teams.ts';
import { ROSTER_MESSAGES } from '../../../../shared/teams.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid, hasErrors } from '../../../lib/form-errors.ts';
import { useSetupTeam } from '../api/setup-team.ts';
import {
  initialWizardValues,
  missesRequired,
  stepErrors,
  WIZARD_STEPS,
  wizardBody,
  type WizardErrors,
  type WizardField,
} from '../lib/wizard-values.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { BrandingStep } from './BrandingStep.tsx';
import { CoachStep } from './CoachStep.tsx';
import { SeasonStep } from './SeasonStep.tsx';
import { WizardProgress } from './WizardProgress.tsx';
import './teams.css';

const STEP_COMPONENTS = [BasicInfoStep, SeasonStep, CoachStep, BrandingStep] as const;
const LAST_STEP = WIZARD_STEPS.length - 1;

interface TeamSetupWizardProps {
  open: boolean;
  /** Prefills the head coach's name. */
  coachName: string;
  onClose: () => void;
  /** The team was created: the host selects it. */
  onCreated: (team: Team) => void;
}

/**
 * 'Create Your Team' (docs/product/teams-and-joining.md): four steps, Next only when the step's required
 * fields are valid, Previous always, Create Team on the last step. Closing starts over at step 1.
 */
export function TeamSetupWizard({ open, coachName, onClose, onCreated }: TeamSetupWizardProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState(() => initialWizardValues(coachName));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [requiredAlert, setRequiredAlert] = useState(false);
  const [created, setCreated] = useState<Team | null>(null);
  const mutation = useSetupTeam();
  const movedRef = useRef(false);

  // A new step starts at its heading, so screen readers hear where they are.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    movedRef.current = true;
    setErrors({});
    setStep(next);
  };

  const close = () => {
    movedRef.current = false;
    setStep(0);
    setValues(initialWizardValues(coachName));
    setErrors({});
    setRequiredAlert(false);
    setCreated(null);
    mutation.reset();
    onClose();
  };

  const onChange = (field: WizardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = () => {
    const current = WIZARD_STEPS[step];
    if (!current) return;
    const found = stepErrors(values, current);
    flushSync(() => setErrors(found));
    if (missesRequired(found, current)) return setRequiredAlert(true);
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    if (step < LAST_STEP) return goTo(step + 1);
    mutation.mutate(wizardBody(values), {
      onSuccess: (team) => {
        setCreated(team);
        onCreated(team);
      },
    });
  };

  const StepFields = STEP_COMPONENTS[step] ?? BasicInfoStep;
  const title = WIZARD_STEPS[step]?.title ?? '';
  const hasRequired = (WIZARD_STEPS[step]?.required.length ?? 0) > 0;

  return (
    <>
      {open && !created && (
        <FormModal
          title="Create Your Team"
          size="lg"
          formLabel={title}
          formRef={formRef}
          onClose={close}
          onSubmit={onSubmit}
          submitLabel={step < LAST_STEP ? 'Next' : 'Create Team'}
          busyLabel="Creating..."
          busy={mutation.isPending}
          error={mutation.isError ? errorMessage(mutation.error, 'Failed to create team') : null}
          isDirty={JSON.stringify(values) !== JSON.stringify(initialWizardValues(coachName))}
          header={<WizardProgress step={step} />}
          secondaryAction={
            <button
              type="button"
              className="button button--secondary"
              disabled={step === 0 || mutation.isPending}
              onClick={() => goTo(step - 1)}
            >
              Previous
            </button>
          }
        >
          <h3 ref={headingRef} className="wizard__title" tabIndex={-1}>
            {title}
          </h3>
          {hasRequired && <p className="field__hint">Fields marked * are required.</p>}
          <StepFields values={values} errors={errors} onChange={onChange} />
        </FormModal>
      )}
      <MessageDialog
        open={requiredAlert}
        title={ROSTER_MESSAGES.wizardRequiredTitle}
        onClose={() => setRequiredAlert(false)}
      >
        {ROSTER_MESSAGES.wizardRequired}
      </MessageDialog>
      <MessageDialog open={created !== null} title="Team Created!" onClose={close}>
        {`${created?.name ?? 'Your team'} has been successfully created. Welcome to your team management dashboard!`}
      </MessageDialog>
    </>
  );
}
