import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Team } from '../../../../shared/api/teams.ts';
import { REMINDER_HOURS_CHOICES, reminderHoursLabel } from '../../../../shared/rsvp-reminders.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid, hasErrors } from '../../../lib/form-errors.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useRegenerateInviteCode, useUpdateTeam } from '../api/update-team.ts';
import {
  detailsErrors,
  teamDetailsBody,
  teamDetailsValues,
  type WizardErrors,
} from '../lib/wizard-values.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { BrandingStep } from './BrandingStep.tsx';
import { CoachStep } from './CoachStep.tsx';
import { SeasonStep } from './SeasonStep.tsx';

/** How long Save shows 'Saved!' (docs/product/teams-and-joining.md). */
export const SAVED_CONFIRMATION_MS = 3_000;

/**
 * The Team Settings tab: the group-chat bot, the team's details and its invite code. `chatPostStatus`
 * (composed by the app) shows the last group-chat cross-post failure under the bot id.
 */
export function TeamSettingsPanel({ team, chatPostStatus }: { team: Team; chatPostStatus?: ReactNode }) {
  const canEdit = useCan(team, 'edit_team_info');
  const canRegenerate = useCan(team, 'regenerate_invite_code');
  // The RSVP reminders belong with the RSVP overview: coaches and admins.
  const canSetReminders = useCan(team, 'view_rsvp_overview');
  return (
    <div className="stack">
      {canEdit ? (
        <>
          <BotSettings team={team} status={chatPostStatus} />
          {canSetReminders && <ReminderSettings team={team} />}
          <TeamDetailsForm team={team} />
        </>
      ) : (
        <p className="card">You do not have permission to edit this team&apos;s settings.</p>
      )}
      {canRegenerate && team.invite_code && <InviteCodeSettings team={team} code={team.invite_code} />}
    </div>
  );
}

function BotSettings({ team, status }: { team: Team; status?: ReactNode }) {
  const [botId, setBotId] = useState(team.groupme_bot_id ?? '');
  const [saved, setSaved] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const update = useUpdateTeam(team.id);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const save = () => {
    setSaved(false);
    update.mutate({ groupme_bot_id: botId.trim() }, { onSuccess: () => setSaved(true) });
  };

  return (
    <section className="card" aria-labelledby="bot-title">
      <h2 id="bot-title" className="card__title">
        Group Chat
      </h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!update.isPending) save();
        }}
      >
        {update.isError && (
          <Alert tone="error">{errorMessage(update.error, 'Failed to save settings')}</Alert>
        )}
        <TextField
          label="GroupMe Bot ID"
          value={botId}
          onValueChange={(value) => {
            setSaved(false);
            setBotId(value);
          }}
          autoComplete="off"
          hint="With a bot id, announcements are also posted to the team's GroupMe chat."
        />
        <div className="kit-card__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setInstructionsOpen(true)}
          >
            Setup Instructions
          </button>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : saved ? 'Saved!' : 'Save'}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {saved ? 'Saved!' : ''}
        </p>
      </form>
      {status}
      <MessageDialog
        open={instructionsOpen}
        title="Setup Instructions"
        onClose={() => setInstructionsOpen(false)}
        buttonLabel="Got it"
      >
        <ol>
          <li>
            Sign in at <strong>dev.groupme.com</strong> with the GroupMe account that is in the team&apos;s
            chat.
          </li>
          <li>
            Open <strong>Bots</strong> and choose <strong>Create Bot</strong>.
          </li>
          <li>
            Pick the team&apos;s group chat, give the bot a name (for example the team name) and submit.
          </li>
          <li>
            Copy the <strong>Bot ID</strong> shown in the list of bots and paste it here, then Save.
          </li>
        </ol>
        <p>Announcements you post will then also appear in the group chat. Leave the field empty to stop.</p>
      </MessageDialog>
    </section>
  );
}

export const REMINDER_SETTINGS_TEXT = {
  title: 'RSVP Reminders',
  label: 'RSVP reminders',
  hint: 'Parents and players who have not answered for a game or practice are reminded this long before it starts.',
  saved: 'RSVP reminders saved',
  failed: 'Failed to save RSVP reminders',
} as const;

/**
 * When the automatic RSVP reminder goes out (docs/product/notifications.md 'RSVP reminders'): Off or
 * hours before each event; a team that never chose shows the server's default, marked so.
 */
function ReminderSettings({ team }: { team: Team }) {
  const defaultHours = usePublicConfig().data?.rsvp_reminder_hours_default;
  const current = team.rsvp_reminder_hours ?? defaultHours;
  const [chosen, setChosen] = useState<string | null>(null);
  const update = useUpdateTeam(team.id);
  if (current === undefined) return null;
  const value = chosen ?? String(current);
  const hours = [...new Set([0, ...REMINDER_HOURS_CHOICES, current])].sort((a, b) => a - b);
  const options = hours.map((h) => ({
    value: String(h),
    label: `${reminderHoursLabel(h)}${h === defaultHours ? ' (default)' : ''}`,
  }));
  const dirty = value !== String(current);
  return (
    <section className="card" aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="card__title">
        {REMINDER_SETTINGS_TEXT.title}
      </h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (update.isPending || !dirty) return;
          update.mutate(
            { rsvp_reminder_hours: Number(value) },
            {
              onSuccess: () => {
                setChosen(null);
                showToast('success', REMINDER_SETTINGS_TEXT.saved);
              },
            },
          );
        }}
      >
        {update.isError && (
          <Alert tone="error">{errorMessage(update.error, REMINDER_SETTINGS_TEXT.failed)}</Alert>
        )}
        <SelectField
          label={REMINDER_SETTINGS_TEXT.label}
          value={value}
          options={options}
          onValueChange={setChosen}
          hint={REMINDER_SETTINGS_TEXT.hint}
        />
        <div className="kit-card__actions">
          <button type="submit" className="button button--primary" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Reminders'}
          </button>
        </div>
      </form>
    </section>
  );
}

function TeamDetailsForm({ team }: { team: Team }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [initial, setInitial] = useState(() => teamDetailsValues(team));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<WizardErrors>({});
  const update = useUpdateTeam(team.id);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const stepProps = {
    values,
    errors,
    onChange: (field: keyof typeof values, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
  };

  const submit = () => {
    const found = detailsErrors(values);
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    update.mutate(teamDetailsBody(values), {
      onSuccess: (saved) => {
        const next = teamDetailsValues(saved);
        setInitial(next);
        setValues(next);
        showToast('success', 'Team details saved');
      },
    });
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title" className="card__title">
        Team Details
      </h2>
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-label="Team details"
        onSubmit={(event) => {
          event.preventDefault();
          if (!update.isPending) submit();
        }}
      >
        {update.isError && (
          <Alert tone="error">{errorMessage(update.error, 'Failed to save team details')}</Alert>
        )}
        <BasicInfoStep {...stepProps} />
        <SeasonStep {...stepProps} />
        <CoachStep {...stepProps} />
        <BrandingStep {...stepProps} withBotId={false} />
        <div className="kit-card__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={!dirty || update.isPending}
            onClick={() => {
              setValues(initial);
              setErrors({});
            }}
          >
            Undo Changes
          </button>
          <button type="submit" className="button button--primary" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Details'}
          </button>
        </div>
      </form>
    </section>
  );
}

function InviteCodeSettings({ team, code }: { team: Team; code: string }) {
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateInviteCode(team.id);
  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title" className="card__title">
        Invite Code
      </h2>
      <p>
        Current code: <strong className="invite-code">{code}</strong>
      </p>
      <p className="muted">If the code reached people who should not join, make a new one.</p>
      {regenerate.isError && (
        <Alert tone="error">{errorMessage(regenerate.error, 'Failed to make a new invite code')}</Alert>
      )}
      <button
        type="button"
        className="button button--danger-outline"
        disabled={regenerate.isPending}
        onClick={() => setConfirming(true)}
      >
        {regenerate.isPending ? 'Making a new code...' : 'New Invite Code'}
      </button>
      <ConfirmDialog
        open={confirming}
        title="New Invite Code"
        message={`Make a new invite code? The current code ${code} stops working at once; anyone who has not joined yet will need the new one.`}
        confirmLabel="Make New Code"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          regenerate.mutate(undefined, {
            onSuccess: (saved) => showToast('success', `New invite code: ${saved.invite_code ?? ''}`),
          });
        }}
      />
    </section>
  );
}
