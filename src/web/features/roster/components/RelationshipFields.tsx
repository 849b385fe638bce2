import type { Relationship } from '../../../../shared/teams.ts';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { RELATIONSHIP_OPTIONS } from './relationship-options.ts';

interface RelationshipFieldsProps {
  relationship: Relationship;
  isPrimary: boolean;
  onRelationshipChange: (relationship: Relationship) => void;
  onPrimaryChange: (isPrimary: boolean) => void;
}

/** How a parent relates to the player, and whether they are the primary contact. */
export function RelationshipFields({
  relationship,
  isPrimary,
  onRelationshipChange,
  onPrimaryChange,
}: RelationshipFieldsProps) {
  return (
    <>
      <SelectField
        label="Relationship"
        options={RELATIONSHIP_OPTIONS}
        value={relationship}
        onValueChange={(value) => onRelationshipChange(value as Relationship)}
      />
      <CheckboxField label="Primary contact" checked={isPrimary} onCheckedChange={onPrimaryChange} />
    </>
  );
}
