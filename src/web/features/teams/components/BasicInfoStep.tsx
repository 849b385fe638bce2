import { AGE_GROUPS, DIVISIONS } from '../../../../shared/teams.ts';
import { plainOptions, SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { bindField, type WizardStepProps } from './wizard-field.ts';

const AGE_GROUP_OPTIONS = plainOptions(AGE_GROUPS);
const DIVISION_OPTIONS = plainOptions(DIVISIONS);

/** Step 1: the team's name (required), age group, division and league. */
export function BasicInfoStep(props: WizardStepProps) {
  return (
    <>
      <TextField
        label="Team Name"
        required
        autoComplete="off"
        hint="At least 2 characters, e.g. Riverside Lions U10"
        {...bindField(props, 'name')}
      />
      <div className="form-grid">
        <SelectField
          label="Age Group"
          placeholder="Select age group"
          options={AGE_GROUP_OPTIONS}
          {...bindField(props, 'age_group')}
        />
        <SelectField
          label="Division"
          placeholder="Select division"
          options={DIVISION_OPTIONS}
          {...bindField(props, 'division')}
        />
      </div>
      <TextField label="League Name" autoComplete="off" {...bindField(props, 'league_name')} />
    </>
  );
}
