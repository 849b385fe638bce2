import { TextField } from '../../../components/TextField.tsx';
import { ColorField } from '../../../components/ColorField.tsx';
import { bindField, type WizardStepProps } from './wizard-field.ts';

/** Step 4: team colours, logo and the group-chat bot. */
export function BrandingStep({ withBotId = true, ...props }: WizardStepProps & { withBotId?: boolean }) {
  return (
    <>
      <div className="form-grid">
        <ColorField label="Primary Color" {...bindField(props, 'primary_color')} />
        <ColorField label="Secondary Color" {...bindField(props, 'secondary_color')} />
      </div>
      <TextField
        label="Team Logo URL"
        kind="url"
        placeholder="https://"
        {...bindField(props, 'team_logo_url')}
      />
      {withBotId && (
        <TextField
          label="GroupMe Bot ID"
          autoComplete="off"
          hint="Optional. With a bot id, announcements can also be posted to the team's group chat."
          {...bindField(props, 'groupme_bot_id')}
        />
      )}
    </>
  );
}
