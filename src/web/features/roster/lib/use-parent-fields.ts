import { useState } from 'react';
import { flushSync } from 'react-dom';
import { focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { checkParent, EMPTY_PARENT, type ParentField, type ParentValues } from './parent-form.ts';

export type CheckedParentValues = { name: string; email: string; phone: string | null };

/** The name, email and phone of a parent contact form, with the spec's checks. */
export function useParentFields(initial: ParentValues = EMPTY_PARENT) {
  const [values, setValues] = useState<ParentValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<ParentField>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onChange = (field: ParentField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The cleaned values, or null after showing what is wrong and focusing it. */
  const check = (form: HTMLFormElement | null): CheckedParentValues | null => {
    const checked = checkParent(values);
    flushSync(() => {
      setErrors(checked.ok ? {} : checked.errors);
      setFormError(checked.ok ? null : (checked.formError ?? null));
    });
    if (checked.ok) return { name: checked.name, email: checked.email, phone: checked.phone };
    focusFirstInvalid(form);
    return null;
  };

  const reset = () => {
    setValues(EMPTY_PARENT);
    setErrors({});
    setFormError(null);
  };

  return { values, errors, formError, onChange, check, reset };
}
