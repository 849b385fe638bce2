import type { WizardErrors, WizardField, WizardValues } from '../lib/wizard-values.ts';

export interface WizardStepProps {
  values: WizardValues;
  errors: WizardErrors;
  onChange: (field: WizardField, value: string) => void;
}

/** The value, change handler and error of one field, to spread into a TextField or SelectField. */
export function bindField({ values, errors, onChange }: WizardStepProps, field: WizardField) {
  return {
    value: values[field],
    onValueChange: (value: string) => onChange(field, value),
    error: errors[field],
  };
}
