// The parent contact fields of the add and edit forms (docs/product/roster-and-parents.md): name and
// email required ('Please fill in all required fields'), a valid email, an optional phone.

export type ParentField = 'name' | 'email' | 'phone';
export type ParentValues = Record<ParentField, string>;

export const EMPTY_PARENT: ParentValues = { name: '', email: '', phone: '' };

/** The shared rule (shared/roster-rows.ts): the forms and the roster import check contacts alike. */
export { checkParent, type CheckedParent } from '../../../../shared/roster-rows.ts';
