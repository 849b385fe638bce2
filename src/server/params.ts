import { z } from 'zod';

// Ids in paths and bodies are PostgreSQL integers: anything outside 1 .. 2^31-1 can name no row, and
// sending it to the database would fail the query instead of finding nothing.

export const MAX_ID = 2_147_483_647;

export const isId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/** A path parameter naming a row, e.g. `idParam('Team id')`. */
export const idParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be a positive number`)
    .max(MAX_ID, `${label} is out of range`);

/** `/:teamId` routes. */
export const teamParams = z.object({ teamId: idParam('Team id') });
