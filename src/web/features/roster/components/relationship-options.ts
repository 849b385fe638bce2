import { RELATIONSHIP_LABELS, RELATIONSHIPS } from '../../../../shared/teams.ts';
import type { SelectOption } from '../../../components/SelectField.tsx';

export const RELATIONSHIP_OPTIONS: readonly SelectOption[] = RELATIONSHIPS.map((value) => ({
  value,
  label: RELATIONSHIP_LABELS[value],
}));
