import { TextField } from '../../../components/TextField.tsx';
import { bindField, type WizardStepProps } from './wizard-field.ts';

/** Step 3: the head coach (name required) and an optional assistant coach. */
export function CoachStep(props: WizardStepProps) {
  return (
    <>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Head Coach</legend>
        <TextField label="Head Coach Name" required kind="name" {...bindField(props, 'head_coach_name')} />
        <div className="form-grid">
          <TextField label="Head Coach Phone" kind="tel" {...bindField(props, 'head_coach_phone')} />
          <TextField label="Head Coach Email" kind="email" {...bindField(props, 'head_coach_email')} />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Assistant Coach (optional)</legend>
        <TextField
          label="Assistant Coach Name"
          autoComplete="off"
          {...bindField(props, 'assistant_coach_name')}
        />
        <div className="form-grid">
          <TextField
            label="Assistant Coach Phone"
            kind="tel"
            autoComplete="off"
            {...bindField(props, 'assistant_coach_phone')}
          />
          <TextField
            label="Assistant Coach Email"
            kind="email"
            autoComplete="off"
            {...bindField(props, 'assistant_coach_email')}
          />
        </div>
      </fieldset>
    </>
  );
}
