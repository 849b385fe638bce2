// Team kits (docs/product/kits.md 'Fields and defaults').

export const KIT_TYPES = ['home', 'away', 'third', 'goalkeeper', 'training'] as const;
export type KitType = (typeof KIT_TYPES)[number];
export const KIT_TYPE_LABELS: Record<KitType, string> = {
  home: 'Home',
  away: 'Away',
  third: 'Third',
  goalkeeper: 'Goalkeeper',
  training: 'Training',
};

export const KIT_DEFAULTS = {
  type: 'home',
  jersey_color: '#0066CC',
  shorts_color: '#000000',
  socks_color: '#FFFFFF',
} as const satisfies { type: KitType; jersey_color: string; shorts_color: string; socks_color: string };

/** The ten preset swatches of the Create and Edit Kit dialogs. */
export const KIT_SWATCHES = [
  '#0066CC',
  '#FF0000',
  '#FFFFFF',
  '#000000',
  '#00CC00',
  '#FF6600',
  '#FFFF00',
  '#800080',
  '#FFC0CB',
  '#A52A2A',
] as const;

export const SWATCH_NAMES: Record<(typeof KIT_SWATCHES)[number], string> = {
  '#0066CC': 'Blue',
  '#FF0000': 'Red',
  '#FFFFFF': 'White',
  '#000000': 'Black',
  '#00CC00': 'Green',
  '#FF6600': 'Orange',
  '#FFFF00': 'Yellow',
  '#800080': 'Purple',
  '#FFC0CB': 'Pink',
  '#A52A2A': 'Brown',
};

export const KIT_NAME_MAX_LENGTH = 60;
export const KIT_DESCRIPTION_MAX_LENGTH = 500;

/** A colour as kits store it: '#RRGGBB', upper case. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export const KIT_MESSAGES = {
  nameRequired: 'Kit name is required',
  notFound: 'Kit not found',
  createFailed: 'Failed to create kit',
  updateFailed: 'Failed to update kit',
  deleteFailed: 'Failed to delete kit',
} as const;
