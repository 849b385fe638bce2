import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import {
  HEX_COLOR,
  KIT_DEFAULTS,
  KIT_DESCRIPTION_MAX_LENGTH,
  KIT_MESSAGES,
  KIT_NAME_MAX_LENGTH,
  KIT_TYPES,
} from '../kits.ts';
import { textError } from './fields.ts';

// Request and response shapes of /api/kits (docs/product/kits.md).

const kitColor = (label: string, fallback: string) =>
  z
    .string({ error: textError(label) })
    .trim()
    .regex(HEX_COLOR, `${label} must be a colour like #0066CC`)
    .transform((v) => v.toUpperCase())
    .optional()
    .transform((v) => v ?? fallback);

/** POST /api/kits/team/{teamId} and PUT /api/kits/{kitId}. `color` is accepted and ignored: it always equals jersey_color. */
export const kitBody = defineSchema(() =>
  z.object({
    name: z
      .string({ error: textError('Kit name') })
      .trim()
      .min(1, KIT_MESSAGES.nameRequired)
      .max(KIT_NAME_MAX_LENGTH, `Kit name must be no more than ${KIT_NAME_MAX_LENGTH} characters`),
    type: z
      .enum(KIT_TYPES, { error: `Kit type must be one of: ${KIT_TYPES.join(', ')}` })
      .optional()
      .transform((v) => v ?? KIT_DEFAULTS.type),
    description: z
      .string({ error: textError('Description') })
      .trim()
      .max(
        KIT_DESCRIPTION_MAX_LENGTH,
        `Description must be no more than ${KIT_DESCRIPTION_MAX_LENGTH} characters`,
      )
      .nullish()
      .transform((v) => (v ? v : null)),
    jersey_color: kitColor('Jersey colour', KIT_DEFAULTS.jersey_color),
    shorts_color: kitColor('Shorts colour', KIT_DEFAULTS.shorts_color),
    socks_color: kitColor('Socks colour', KIT_DEFAULTS.socks_color),
    color: z.unknown().optional(),
  }),
);
export type KitBody = z.input<typeof kitBody>;

export const kitSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    name: z.string(),
    type: z.enum(KIT_TYPES),
    description: z.string().nullable(),
    color: z.string(),
    jersey_color: z.string(),
    shorts_color: z.string(),
    socks_color: z.string(),
    created_at: z.string(),
  }),
);
export type Kit = z.infer<typeof kitSchema>;
