import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { User } from '../../../../shared/api/auth.ts';
import {
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationPreferencesSchema,
} from '../../../../shared/api/notifications.ts';
import {
  EMAIL_MODE_LABELS,
  hourLabel,
  PREFERENCE_MESSAGES,
} from '../../../../shared/notification-preferences.ts';
import {
  DEFAULT_QUIET_HOURS,
  EMAIL_MODES,
  type EmailMode,
  type KindPreference,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../../../shared/notifications.ts';
import { accountCan } from '../../../../shared/permissions.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useReportDirty } from '../../../lib/use-report-dirty.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences.ts';
import './notification-preferences.css';

// Account Settings, 'Notifications' tab (docs/product/notifications.md 'Preferences'): each kind's
// email (at once, daily digest, off) and push, quiet hours and the digest's hour. A save sends only
// what changed, so a kind left alone keeps following its default.

interface Values {
  kinds: Record<NotificationKind, KindPreference>;
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  /** The select's value: the hour as text. */
  digestHour: string;
}

type Field = 'quietStart' | 'quietEnd';

const EMAIL_OPTIONS = EMAIL_MODES.map((mode) => ({ value: mode, label: EMAIL_MODE_LABELS[mode] }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: hourLabel(hour),
}));
/** The rule for a time of quiet hours, with its message (the one the server answers). */
const clockTime = notificationPreferencesSchema.shape.quiet_hours.unwrap().shape.start;

function toValues(saved: NotificationPreferences): Values {
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, NOTIFICATION_KIND_INFO[kind].defaults]),
  ) as Record<NotificationKind, KindPreference>;
  for (const { kind, email, push } of saved.kinds) kinds[kind] = { email, push };
  return {
    kinds,
    quietOn: saved.quiet_hours !== null,
    quietStart: saved.quiet_hours?.start ?? DEFAULT_QUIET_HOURS.start,
    quietEnd: saved.quiet_hours?.end ?? DEFAULT_QUIET_HOURS.end,
    digestHour: String(saved.digest_hour),
  };
}

/** What the form changed since it was saved: the body of the PUT. */
function changesOf(saved: Values, values: Values): NotificationPreferencesUpdate {
  const kinds = NOTIFICATION_KINDS.filter(
    (kind) =>
      values.kinds[kind].email !== saved.kinds[kind].email ||
      values.kinds[kind].push !== saved.kinds[kind].push,
  ).map((kind) => ({ kind, ...values.kinds[kind] }));
  const quietChanged =
    values.quietOn !== saved.quietOn ||
    (values.quietOn && (values.quietStart !== saved.quietStart || values.quietEnd !== saved.quietEnd));
  return {
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(quietChanged
      ? { quiet_hours: values.quietOn ? { start: values.quietStart, end: values.quietEnd } : null }
      : {}),
    ...(values.digestHour !== saved.digestHour ? { digest_hour: Number(values.digestHour) } : {}),
  };
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return PREFERENCE_MESSAGES.notSaved;
  return errorMessage(error, PREFERENCE_MESSAGES.notSaved);
}

interface NotificationPreferencesFormProps {
  user: User;
  /** Changed and not saved: closing Account Settings asks first. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Loads the signed-in user's preferences, then the form. */
export function NotificationPreferencesForm({ user, onDirtyChange }: NotificationPreferencesFormProps) {
  const query = useNotificationPreferences();
  if (query.isPending) return <p role="status">Loading notification settings...</p>;
  if (query.isError) {
    return (
      <div className="form">
        <Alert tone="error">{PREFERENCE_MESSAGES.loadFailed}</Alert>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  return (
    <PreferencesEditor
      saved={query.data}
      // Requests to join reach only a team's coaches: nobody else is shown the row.
      kinds={NOTIFICATION_KINDS.filter(
        (kind) => kind !== 'join_request' || accountCan(user, 'receive_join_requests'),
      )}
      onDirtyChange={onDirtyChange}
    />
  );
}

interface EditorProps {
  saved: NotificationPreferences;
  kinds: readonly NotificationKind[];
  onDirtyChange: ((dirty: boolean) => void) | undefined;
}

function PreferencesEditor({ saved, kinds, onDirtyChange }: EditorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [initial, setInitial] = useState(() => toValues(saved));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useSaveNotificationPreferences();
  useReportDirty(JSON.stringify(values) !== JSON.stringify(initial), onDirtyChange);

  const setKind = (kind: NotificationKind, change: Partial<KindPreference>) =>
    setValues((v) => ({ ...v, kinds: { ...v.kinds, [kind]: { ...v.kinds[kind], ...change } } }));
  const setTime = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    if (values.quietOn) {
      for (const field of ['quietStart', 'quietEnd'] as const) {
        const checked = clockTime.safeParse(values[field]);
        if (!checked.success) found[field] = checked.error.issues[0]?.message;
      }
    }
    flushSync(() => setErrors(found));
    if (hasErrors(found)) return focusFirstInvalid(formRef.current);
    const sent = values;
    mutation.mutate(changesOf(initial, sent), {
      onSuccess: (answer) => {
        const next = toValues(answer);
        setInitial(next);
        // What was chosen meanwhile stays; what was sent is now saved.
        setValues((current) => (current === sent ? next : current));
        showToast('success', PREFERENCE_MESSAGES.saved);
      },
    });
  };

  return (
    <form
      ref={formRef}
      className="form notify-prefs"
      onSubmit={onSubmit}
      noValidate
      aria-label="Notification settings"
    >
      {mutation.isError && <Alert tone="error">{failureMessage(mutation.error)}</Alert>}
      <p className="notify-prefs__intro">
        How each kind of news reaches you when you are not looking at the app. The bell always lists it. Push
        goes to the devices where you turned notifications on.
      </p>
      <div className="notify-prefs__kinds">
        {kinds.map((kind) => (
          <fieldset key={kind} className="notify-kind">
            <legend className="notify-kind__label">{NOTIFICATION_KIND_INFO[kind].label}</legend>
            <div className="notify-kind__controls">
              <SelectField
                label="Email"
                value={values.kinds[kind].email}
                options={EMAIL_OPTIONS}
                onValueChange={(email) => setKind(kind, { email: email as EmailMode })}
              />
              <CheckboxField
                label="Push"
                checked={values.kinds[kind].push}
                onCheckedChange={(push) => setKind(kind, { push })}
              />
            </div>
          </fieldset>
        ))}
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Quiet hours</legend>
        <CheckboxField
          label="Use quiet hours"
          description="Pushes and emails sent at once wait until quiet hours end (the team's time zone)."
          checked={values.quietOn}
          onCheckedChange={(quietOn) => setValues((v) => ({ ...v, quietOn }))}
        />
        {values.quietOn && (
          <div className="notify-prefs__times">
            <TextField
              label="From"
              type="time"
              value={values.quietStart}
              onValueChange={setTime('quietStart')}
              error={errors.quietStart}
            />
            <TextField
              label="Until"
              type="time"
              value={values.quietEnd}
              onValueChange={setTime('quietEnd')}
              error={errors.quietEnd}
            />
          </div>
        )}
      </fieldset>
      <SelectField
        label="Daily digest time"
        hint="Emails set to 'Daily digest' arrive together once a day at this time."
        value={values.digestHour}
        options={HOUR_OPTIONS}
        onValueChange={(digestHour) => setValues((v) => ({ ...v, digestHour }))}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save notification settings'}
        </button>
      </div>
    </form>
  );
}
