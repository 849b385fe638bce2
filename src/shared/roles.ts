// Roles (docs/product/accounts-and-sign-in.md 'Roles'): coaches sign themselves up, parents and players
// join with an invite code, admins are created only from the command line.
export const ROLES = ['coach', 'parent', 'player', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SELF_REGISTER_ROLES = ['coach', 'parent', 'player'] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** Whether an account may be registered with the role (admins are made from the command line only). */
export const isSelfRegisterRole = (role: Role): role is SelfRegisterRole =>
  (SELF_REGISTER_ROLES as readonly Role[]).includes(role);

/** Roles that join a team with an invite code. */
export const JOIN_ROLES = ['parent', 'player'] as const;
export type JoinRole = (typeof JOIN_ROLES)[number];

/** Roles of a team membership: admins act as coaches on every team without one. */
export const MEMBER_ROLES = ['coach', 'parent', 'player'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Coaches and admins run teams: they see the Admin tab and every permission check passes for them. */
export function isCoachLike(role: Role): boolean {
  return role === 'coach' || role === 'admin';
}

/** The role someone has on a team: 'admin' for a club admin (on every team), else their membership's. */
export function roleOnTeam(accountRole: Role, memberRole: Role | null): Role {
  return accountRole === 'admin' ? 'admin' : (memberRole ?? accountRole);
}

export const ROLE_LABELS: Record<Role, string> = {
  coach: 'Coach',
  parent: 'Parent',
  player: 'Player',
  admin: 'Admin',
};
