import { useState } from 'react';
import type { Kit } from '../../../../shared/api/kits.ts';
import {
  KIT_DEFAULTS,
  KIT_MESSAGES,
  KIT_NAME_MAX_LENGTH,
  KIT_SWATCHES,
  KIT_TYPE_LABELS,
  KIT_TYPES,
  SWATCH_NAMES,
  type KitType,
} from '../../../../shared/kits.ts';
import { ColorField } from '../../../components/ColorField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveKit } from '../api/save-kit.ts';
import { KitDrawing } from './KitDrawing.tsx';

const TYPE_OPTIONS = KIT_TYPES.map((value) => ({ value, label: KIT_TYPE_LABELS[value] }));
const SWATCHES = KIT_SWATCHES.map((color) => ({ color, name: SWATCH_NAMES[color] }));

interface KitValues {
  name: string;
  type: KitType;
  description: string;
  jersey_color: string;
  shorts_color: string;
  socks_color: string;
}

function initialValues(kit: Kit | null): KitValues {
  if (!kit) {
    const { type, jersey_color, shorts_color, socks_color } = KIT_DEFAULTS;
    return { name: '', type, description: '', jersey_color, shorts_color, socks_color };
  }
  return {
    name: kit.name,
    type: kit.type,
    description: kit.description ?? '',
    jersey_color: kit.jersey_color,
    shorts_color: kit.shorts_color,
    socks_color: kit.socks_color,
  };
}

/** 'Failed to create kit', with the server's reason when it gave one. */
function failure(base: string, error: unknown): string {
  return error instanceof ApiError && error.detail ? `${base}: ${error.detail}` : base;
}

interface KitFormModalProps {
  teamId: number;
  /** The kit to edit; null creates one. */
  kit: Kit | null;
  onClose: () => void;
}

/** Create Kit and Edit Kit, with a live preview of the colours chosen. */
export function KitFormModal({ teamId, kit, onClose }: KitFormModalProps) {
  const [initial] = useState(() => initialValues(kit));
  const [values, setValues] = useState(initial);
  const save = useSaveKit(teamId);
  const set = <K extends keyof KitValues>(field: K, value: KitValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = () => {
    const body = { ...values, description: values.description.trim() || null };
    save.mutate(kit ? { kitId: kit.id, body } : { body }, {
      onSuccess: (saved) => {
        showToast('success', kit ? `Kit "${saved.name}" updated` : `Kit "${saved.name}" created`);
        onClose();
      },
    });
  };

  return (
    <FormModal
      title={kit ? 'Edit Kit' : 'Create Kit'}
      formLabel="Kit details"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={kit ? 'Update Kit' : 'Create Kit'}
      busyLabel="Saving..."
      busy={save.isPending}
      submitDisabled={!values.name.trim()}
      error={
        save.isError ? failure(kit ? KIT_MESSAGES.updateFailed : KIT_MESSAGES.createFailed, save.error) : null
      }
      isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
    >
      <div className="kit-preview" aria-live="polite">
        <KitDrawing
          jersey={values.jersey_color}
          shorts={values.shorts_color}
          socks={values.socks_color}
          label={`Preview of ${values.name.trim() || 'the kit'}`}
        />
      </div>
      <TextField
        label="Kit Name"
        value={values.name}
        onValueChange={(v) => set('name', v)}
        maxLength={KIT_NAME_MAX_LENGTH}
        required
        placeholder="e.g. Home"
      />
      <SelectField
        label="Type"
        value={values.type}
        options={TYPE_OPTIONS}
        onValueChange={(v) =>
          set('type', (KIT_TYPES as readonly string[]).includes(v) ? (v as KitType) : 'home')
        }
      />
      <TextAreaField
        label="Description"
        value={values.description}
        onValueChange={(v) => set('description', v)}
        placeholder="e.g. Blue shirts, black shorts"
      />
      <ColorField
        label="Jersey Color"
        value={values.jersey_color}
        onValueChange={(v) => set('jersey_color', v)}
        swatches={SWATCHES}
      />
      <ColorField
        label="Shorts Color"
        value={values.shorts_color}
        onValueChange={(v) => set('shorts_color', v)}
        swatches={SWATCHES}
      />
      <ColorField
        label="Socks Color"
        value={values.socks_color}
        onValueChange={(v) => set('socks_color', v)}
        swatches={SWATCHES}
      />
    </FormModal>
  );
}
