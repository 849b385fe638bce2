import { useState } from 'react';
import { expiresAtFor, inferExpiry } from '../../../../shared/announcement-expiry.ts';
import {
  ANNOUNCEMENT_EXPIRY_DAYS,
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_PRIORITY_LABELS,
  DEFAULT_ANNOUNCEMENT_EXPIRY_DAYS,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  type AnnouncementPriority,
  type ExpiryType,
  type RelatedEventType,
} from '../../../../shared/announcements.ts';
import type { Announcement } from '../../../../shared/api/announcements.ts';
import { todayIn } from '../../../../shared/event-dates.ts';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveAnnouncement } from '../api/announcements.ts';

/** An event an announcement may be about, offered to coaches (docs/product/announcements.md). */
export interface EventOption {
  type: RelatedEventType;
  id: number;
  label: string;
}

const PRIORITY_OPTIONS = ANNOUNCEMENT_PRIORITIES.map((value) => ({
  value,
  label: ANNOUNCEMENT_PRIORITY_LABELS[value],
}));
const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  ...ANNOUNCEMENT_EXPIRY_DAYS.map((days) => ({
    value: `days:${days}`,
    label: days === 1 ? '1 day' : `${days} days`,
  })),
  { value: 'date', label: 'On a date' },
];

interface Values {
  title: string;
  content: string;
  priority: AnnouncementPriority;
  /** 'never', 'days:N' or 'date'. */
  expiry: string;
  expiryDate: string;
  /** 'type:id' or ''. */
  related: string;
  allowComments: boolean;
  postToGroupChat: boolean;
}

function initialValues(announcement: Announcement | null, zone: string): Values {
  if (!announcement) {
    return {
      title: '',
      content: '',
      priority: DEFAULT_ANNOUNCEMENT_PRIORITY,
      expiry: `days:${DEFAULT_ANNOUNCEMENT_EXPIRY_DAYS}`,
      expiryDate: '',
      related: '',
      allowComments: true,
      postToGroupChat: true,
    };
  }
  const inferred = inferExpiry(announcement.expires_at, new Date(), zone);
  return {
    title: announcement.title,
    content: announcement.content,
    priority: announcement.priority,
    expiry: inferred.type === 'days' ? `days:${inferred.days}` : inferred.type,
    expiryDate: inferred.type === 'date' ? inferred.date : '',
    related:
      announcement.related_event_type && announcement.related_event_id
        ? `${announcement.related_event_type}:${announcement.related_event_id}`
        : '',
    allowComments: announcement.allow_comments,
    postToGroupChat: false,
  };
}

function expiryChoice(values: Values): { type: ExpiryType; days?: number; date?: string } {
  if (values.expiry === 'never') return { type: 'never' };
  if (values.expiry === 'date') return { type: 'date', date: values.expiryDate };
  return { type: 'days', days: Number(values.expiry.slice('days:'.length)) };
}

interface AnnouncementFormModalProps {
  teamId: number;
  zone: string;
  /** The announcement to edit; null creates one. */
  announcement: Announcement | null;
  /** Offered as the related event (coaches); empty hides the choice. */
  eventOptions: readonly EventOption[];
  /** The team has a group-chat bot: offer the cross-post. */
  hasGroupChat: boolean;
  onClose: () => void;
}

/** Create and edit an announcement (docs/product/announcements.md). */
export function AnnouncementFormModal({
  teamId,
  zone,
  announcement,
  eventOptions,
  hasGroupChat,
  onClose,
}: AnnouncementFormModalProps) {
  const [initial] = useState(() => initialValues(announcement, zone));
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAnnouncement(teamId);
  const today = todayIn(zone);
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const editing = announcement !== null;

  const relatedOptions = eventOptions.map((o) => ({ value: `${o.type}:${o.id}`, label: o.label }));
  // An event no longer offered (deleted, or loading) stays selectable while editing.
  if (values.related && !relatedOptions.some((o) => o.value === values.related) && announcement?.event_info) {
    relatedOptions.unshift({ value: values.related, label: announcement.event_info.title });
  }
  const showRelated = relatedOptions.length > 0;

  const onSubmit = () => {
    if (!values.title.trim() || !values.content.trim()) {
      setProblem(
        editing ? ANNOUNCEMENT_MESSAGES.fillTitleAndContentEdit : ANNOUNCEMENT_MESSAGES.fillTitleAndContent,
      );
      return;
    }
    // An expiry left as it opened goes back as stored (018): an expired one may stay past, and a
    // 'days' one is not pushed later on each save.
    const expiryKept =
      editing && values.expiry === initial.expiry && values.expiryDate === initial.expiryDate;
    if (!expiryKept && values.expiry === 'date' && (!values.expiryDate || values.expiryDate < today)) {
      setProblem('Please choose an expiry date from today on.');
      return;
    }
    setProblem(null);
    const [type, id] = values.related ? values.related.split(':') : [];
    const body = {
      title: values.title.trim(),
      content: values.content.trim(),
      priority: values.priority,
      allow_comments: values.allowComments,
      related_event_type: (type as RelatedEventType | undefined) ?? null,
      related_event_id: id ? Number(id) : null,
      expires_at: expiryKept ? announcement.expires_at : expiresAtFor(expiryChoice(values), zone),
      post_to_groupme: hasGroupChat && values.postToGroupChat,
    };
    save.mutate(editing ? { id: announcement.id, body } : { body }, {
      onSuccess: () => {
        showToast('success', editing ? 'Announcement updated' : ANNOUNCEMENT_MESSAGES.created);
        onClose();
      },
    });
  };

  const failure = save.isError
    ? save.error instanceof ApiError && save.error.status === 401
      ? ANNOUNCEMENT_MESSAGES.authError
      : editing
        ? save.error instanceof ApiError && save.error.detail
          ? `${ANNOUNCEMENT_MESSAGES.updateFailed}: ${save.error.detail}`
          : ANNOUNCEMENT_MESSAGES.updateFailed
        : save.error instanceof ApiError && save.error.detail
          ? save.error.detail
          : ANNOUNCEMENT_MESSAGES.createFailed
    : null;

  return (
    <FormModal
      title={editing ? 'Edit Announcement' : 'New Announcement'}
      formLabel="Announcement"
      size="lg"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Update Announcement' : 'Post Announcement'}
      busyLabel={editing ? 'Saving...' : 'Posting...'}
      busy={save.isPending}
      error={problem ?? failure}
      isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
    >
      <TextField
        label="Title"
        value={values.title}
        onValueChange={(v) => set('title', v)}
        maxLength={ANNOUNCEMENT_LIMITS.titleMax}
        required
      />
      <TextAreaField
        label="Content"
        value={values.content}
        onValueChange={(v) => set('content', v)}
        maxLength={ANNOUNCEMENT_LIMITS.contentMax}
        rows={5}
        required
      />
      <SelectField
        label="Priority"
        value={values.priority}
        options={PRIORITY_OPTIONS}
        onValueChange={(v) =>
          set(
            'priority',
            (ANNOUNCEMENT_PRIORITIES as readonly string[]).includes(v)
              ? (v as AnnouncementPriority)
              : 'normal',
          )
        }
      />
      <SelectField
        label="Expires"
        value={values.expiry}
        options={EXPIRY_OPTIONS}
        onValueChange={(v) => set('expiry', v)}
      />
      {values.expiry === 'date' && (
        <TextField
          label="Expiry date"
          kind="date"
          value={values.expiryDate}
          min={today}
          onValueChange={(v) => set('expiryDate', v)}
          hint="It expires at the end of this day."
          required
        />
      )}
      {showRelated && (
        <SelectField
          label="Related event"
          value={values.related}
          options={relatedOptions}
          placeholder="None"
          onValueChange={(v) => set('related', v)}
        />
      )}
      <CheckboxField
        label="Allow comments"
        checked={values.allowComments}
        onCheckedChange={(v) => set('allowComments', v)}
      />
      {hasGroupChat && (
        <CheckboxField
          label="Post to group chat"
          checked={values.postToGroupChat}
          onCheckedChange={(v) => set('postToGroupChat', v)}
          description="Also sends the title and content to the team's group chat."
        />
      )}
    </FormModal>
  );
}
