import { useState } from 'react';
import type { Poll } from '../../../../shared/api/polls.ts';
import { todayIn } from '../../../../shared/event-dates.ts';
import { inferPollExpiry, pollExpiresAt } from '../../../../shared/poll-expiry.ts';
import {
  DEFAULT_POLL_OPTIONS,
  POLL_LIMITS,
  POLL_MESSAGES,
  type PollExpiryChoice,
  type PollExpiryType,
} from '../../../../shared/polls.ts';
import { Alert } from '../../../components/Alert.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSavePoll } from '../api/save-poll.ts';

// Create Poll and Edit Poll (docs/product/polls.md): a question, options starting Yes/No (at least 2, one
// removable only while more than 2 exist), and an expiry: never, after N days (1..365, default 7) or on a
// date (from today, to the end of that day in the team's zone). Edit starts from the inferred expiry and
// keeps the poll's own expires_at unless the expiry was changed.

interface PollValues {
  question: string;
  options: string[];
  expiry: PollExpiryChoice;
}

const EXPIRY_CHOICES: { value: PollExpiryType; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'days', label: 'After a number of days' },
  { value: 'date', label: 'On a date' },
];

function initialValues(poll: Poll | null, zone: string): PollValues {
  if (poll) {
    return {
      question: poll.question,
      options: [...poll.options],
      expiry: inferPollExpiry(poll.expires_at, new Date(), zone),
    };
  }
  return {
    question: '',
    options: [...DEFAULT_POLL_OPTIONS],
    expiry: { type: 'days', days: POLL_LIMITS.defaultExpiryDays, date: todayIn(zone) },
  };
}

interface PollFormModalProps {
  teamId: number;
  /** The team's time zone: a chosen date ends at midnight there. */
  zone: string;
  /** The poll to edit; null creates one. */
  poll: Poll | null;
  onClose: () => void;
}

export function PollFormModal({ teamId, zone, poll, onClose }: PollFormModalProps) {
  const [initial] = useState(() => initialValues(poll, zone));
  const [values, setValues] = useState(initial);
  const [daysText, setDaysText] = useState(String(initial.expiry.days));
  const [invalid, setInvalid] = useState(false);
  const save = useSavePoll(teamId);
  const today = todayIn(zone);

  const setOption = (index: number, text: string) =>
    setValues((v) => ({ ...v, options: v.options.map((o, i) => (i === index ? text : o)) }));
  const removeOption = (index: number) =>
    setValues((v) =>
      v.options.length > POLL_LIMITS.minOptions
        ? { ...v, options: v.options.filter((_, i) => i !== index) }
        : v,
    );
  const addOption = () =>
    setValues((v) => (v.options.length < POLL_LIMITS.maxOptions ? { ...v, options: [...v.options, ''] } : v));
  const setExpiry = (patch: Partial<PollExpiryChoice>) =>
    setValues((v) => ({ ...v, expiry: { ...v.expiry, ...patch } }));

  const days = Number(daysText);
  const daysError =
    values.expiry.type === 'days' &&
    !(Number.isInteger(days) && days >= POLL_LIMITS.expiryDaysMin && days <= POLL_LIMITS.expiryDaysMax)
      ? `Enter a number of days from ${POLL_LIMITS.expiryDaysMin} to ${POLL_LIMITS.expiryDaysMax}`
      : undefined;
  const expiryChanged =
    values.expiry.type !== initial.expiry.type ||
    (values.expiry.type === 'days' && days !== initial.expiry.days) ||
    (values.expiry.type === 'date' && values.expiry.date !== initial.expiry.date);
  const dateError =
    values.expiry.type === 'date' && (!values.expiry.date || (expiryChanged && values.expiry.date < today))
      ? 'Choose today or a later date'
      : undefined;

  const question = values.question.trim();
  const options = values.options.map((o) => o.trim());
  // 'Invalid Poll' shows after a submit found a blank, and goes once every field is filled.
  const incomplete = !question || options.length < POLL_LIMITS.minOptions || options.some((o) => !o);

  const onSubmit = () => {
    if (incomplete) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (daysError || dateError) return;
    const expires_at =
      poll && !expiryChanged ? poll.expires_at : pollExpiresAt({ ...values.expiry, days }, zone, new Date());
    const body = { question, options, expires_at };
    save.mutate(poll ? { pollId: poll.id, body } : { body }, {
      onSuccess: () => {
        showToast(
          'success',
          poll ? POLL_MESSAGES.updated : `${POLL_MESSAGES.created}. ${POLL_MESSAGES.createdDetail}`,
        );
        onClose();
      },
      onError: (error) => {
        const base = poll ? POLL_MESSAGES.updateFailed : POLL_MESSAGES.createFailed;
        showToast('error', `${base}: ${errorMessage(error, 'Unknown error')}`);
      },
    });
  };

  const failed = save.isError
    ? `${poll ? POLL_MESSAGES.updateFailed : POLL_MESSAGES.createFailed}: ${errorMessage(save.error, 'Unknown error')}`
    : null;

  return (
    <FormModal
      title={poll ? 'Edit Poll' : 'Create Poll'}
      formLabel="Poll details"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={poll ? 'Update Poll' : 'Create Poll'}
      busyLabel="Saving..."
      busy={save.isPending}
      submitDisabled={!values.question.trim()}
      error={failed}
      isDirty={JSON.stringify(values) !== JSON.stringify(initial) || daysText !== String(initial.expiry.days)}
    >
      {invalid && incomplete && (
        <Alert tone="error">
          <strong>{POLL_MESSAGES.invalidTitle}</strong> {POLL_MESSAGES.invalid}
        </Alert>
      )}
      <TextField
        label="Question"
        value={values.question}
        onValueChange={(question) => setValues((v) => ({ ...v, question }))}
        maxLength={POLL_LIMITS.questionMax}
        required
        placeholder="e.g. Pizza after Saturday's game?"
      />
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Options</legend>
        <ol className="poll-form__options">
          {values.options.map((option, index) => (
            // The options have no ids of their own; their place is what the form edits.
            <li key={index} className="poll-form__option">
              <TextField
                label={`Option ${index + 1}`}
                value={option}
                onValueChange={(text) => setOption(index, text)}
                maxLength={POLL_LIMITS.optionMax}
                required
              />
              {values.options.length > POLL_LIMITS.minOptions && (
                <button
                  type="button"
                  className="button button--danger-outline button--small"
                  onClick={() => removeOption(index)}
                  aria-label={`Remove option ${index + 1}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
        {values.options.length < POLL_LIMITS.maxOptions && (
          <button type="button" className="button button--secondary button--small" onClick={addOption}>
            Add Option
          </button>
        )}
      </fieldset>
      <fieldset className="field radio-group">
        <legend className="field__label">Expires</legend>
        <div className="radio-group__options">
          {EXPIRY_CHOICES.map((choice) => (
            <label key={choice.value} className="radio-option">
              <input
                type="radio"
                name="poll-expiry"
                value={choice.value}
                checked={values.expiry.type === choice.value}
                onChange={() => setExpiry({ type: choice.value })}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {values.expiry.type === 'days' && (
        <TextField
          kind="number"
          label="Days until it expires"
          value={daysText}
          onValueChange={setDaysText}
          min={POLL_LIMITS.expiryDaysMin}
          max={POLL_LIMITS.expiryDaysMax}
          step={1}
          error={daysError}
        />
      )}
      {values.expiry.type === 'date' && (
        <TextField
          kind="date"
          label="Expires at the end of"
          value={values.expiry.date}
          onValueChange={(date) => setExpiry({ date })}
          min={today}
          error={dateError}
        />
      )}
    </FormModal>
  );
}
