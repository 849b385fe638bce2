import { useState } from 'react';
import type { TeamDocument } from '../../../../shared/api/documents.ts';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentCategory,
} from '../../../../shared/documents.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useUpdateDocument } from '../api/update-document.ts';

export const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((value) => ({
  value,
  label: DOCUMENT_CATEGORY_LABELS[value],
}));

interface EditDocumentModalProps {
  teamId: number;
  document: TeamDocument;
  onClose: () => void;
}

/** Edit Document (docs/product/documents.md): title (required), description, category, public. */
export function EditDocumentModal({ teamId, document, onClose }: EditDocumentModalProps) {
  const initial = {
    title: document.title,
    description: document.description ?? '',
    category: document.category,
    isPublic: document.is_public,
  };
  const [values, setValues] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const save = useUpdateDocument(teamId);

  const onSubmit = () => {
    const title = values.title.trim();
    if (!title) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(
      {
        documentId: document.id,
        body: {
          title,
          description: values.description.trim() || null,
          category: values.category,
          is_public: values.isPublic,
        },
      },
      {
        onSuccess: () => {
          showToast('success', DOCUMENT_MESSAGES.updated);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title="Edit Document"
      formLabel="Document details"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={save.isPending}
      error={
        save.isError
          ? `${DOCUMENT_MESSAGES.updateFailed}: ${errorMessage(save.error, 'Unknown error')}`
          : null
      }
      isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
    >
      {invalid && !values.title.trim() && (
        <Alert tone="error">
          <strong>{DOCUMENT_MESSAGES.validationErrorTitle}</strong> {DOCUMENT_MESSAGES.titleRequired}
        </Alert>
      )}
      <TextField
        label="Title"
        value={values.title}
        onValueChange={(title) => setValues((v) => ({ ...v, title }))}
        maxLength={DOCUMENT_LIMITS.titleMax}
        required
      />
      <TextAreaField
        label="Description"
        value={values.description}
        onValueChange={(description) => setValues((v) => ({ ...v, description }))}
        maxLength={DOCUMENT_LIMITS.descriptionMax}
      />
      <SelectField
        label="Category"
        value={values.category}
        options={CATEGORY_OPTIONS}
        onValueChange={(category) => setValues((v) => ({ ...v, category: category as DocumentCategory }))}
      />
      <CheckboxField
        label="Public"
        checked={values.isPublic}
        onCheckedChange={(isPublic) => setValues((v) => ({ ...v, isPublic }))}
        description={DOCUMENT_MESSAGES.audience(values.isPublic)}
      />
    </FormModal>
  );
}
