import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { bindField, type WizardStepProps } from './wizard-field.ts';

/** Step 2: season name and dates, and a description of the team. */
export function SeasonStep(props: WizardStepProps) {
  return (
    <>
      <TextField
        label="Season"
        autoComplete="off"
        placeholder="e.g. Fall 2026"
        {...bindField(props, 'season')}
      />
      <div className="form-grid">
        <TextField label="Season Start" kind="date" {...bindField(props, 'season_start')} />
        <TextField label="Season End" kind="date" {...bindField(props, 'season_end')} />
      </div>
      <TextAreaField label="Team Description" rows={4} {...bindField(props, 'team_description')} />
    </>
  );
}
