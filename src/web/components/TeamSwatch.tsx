/** A small dot in the team's colour beside its name (decorative: the name says which team). */
export function TeamSwatch({ color }: { color: string }) {
  return <span className="team-swatch" aria-hidden="true" style={{ backgroundColor: color }} />;
}
