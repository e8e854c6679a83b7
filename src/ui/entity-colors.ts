// Entity colours: a fixed 12-colour palette assigned by entity order, so a design always looks the same.
// Colour is never the only cue: the entity's name is shown beside its dot.
const PALETTE = [
  '#2f6fed',
  '#e0653a',
  '#2a9d6f',
  '#b048c9',
  '#d69e2e',
  '#0f9bb5',
  '#d53f8c',
  '#6b7c2f',
  '#7b61ff',
  '#c05621',
  '#3d8b8b',
  '#8a5a44',
] as const;

export function entityColor(index: number): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
}
