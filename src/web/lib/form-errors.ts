import type { z } from 'zod';

/** Field name to its first error message. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * Checks form values with one of the shared request schemas, so the page shows the same messages the
 * server would answer.
 */
export function validate<K extends string>(schema: z.ZodType, values: Record<K, unknown>): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    const key = field as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Moves focus to the first field the form marked invalid. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
