import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CAPABILITY_ROLES,
  type AccountCapability,
  accountCan,
  type Capability,
  CAPABILITY_FLAGS,
  COACH_CAPABILITIES,
  hasCapability,
  holderOnTeam,
  holdsFlag,
  MODERATOR_FLAGS,
  roleOnTeamHolds,
} from '../../src/shared/permissions.ts';
import { type Role, ROLES } from '../../src/shared/roles.ts';

// The capability table both the server's checks and the pages' buttons ask (docs/decisions/012, 036):
// coaches of the team and admins hold every capability, a flag grants its own, and no flag grants the
// coach-only ones.

const EVERY_CAPABILITY = [...Object.keys(CAPABILITY_FLAGS), ...COACH_CAPABILITIES] as Capability[];

describe('hasCapability', () => {
  it('names the decisions that were direct coach checks (server and screens) as coach-only capabilities', () => {
    expect(COACH_CAPABILITIES).toEqual([
      'review_join_requests',
      'manage_moderators',
      'regenerate_invite_code',
      'view_invite_code',
      'view_member_emails',
      'view_rsvp_overview',
      'moderate_announcements',
      'relate_announcement_events',
      'view_chat_post_status',
      'moderate_documents',
      'view_all_votes',
      'record_attendance',
      'answer_for_all_players',
      'import_roster',
      'view_contact_sheet',
      'view_coach_dashboard',
    ]);
  });

  it('gives a role on the team (roleOnTeam) the coach-only capabilities for coaches and admins only', () => {
    for (const capability of COACH_CAPABILITIES) {
      expect(
        ['coach', 'admin', 'parent', 'player'].map((role) => roleOnTeamHolds(role as Role, capability)),
      ).toEqual([true, true, false, false]);
    }
  });

  it('gives a coach or admin every capability, with or without flags', () => {
    for (const capability of EVERY_CAPABILITY) {
      expect(hasCapability({ isCoach: true, flags: [] }, capability)).toBe(true);
      expect(hasCapability({ isCoach: true, flags: ['can_upload_files'] }, capability)).toBe(true);
    }
  });

  it('gives a member without flags none', () => {
    for (const capability of EVERY_CAPABILITY) {
      expect(hasCapability({ isCoach: false, flags: [] }, capability)).toBe(false);
    }
  });

  it('gives a moderator exactly the capabilities their flag grants, never a coach-only one', () => {
    for (const flag of MODERATOR_FLAGS) {
      const granted = EVERY_CAPABILITY.filter((capability) =>
        hasCapability({ isCoach: false, flags: [flag] }, capability),
      );
      const expected = Object.entries(CAPABILITY_FLAGS)
        .filter(([, grantedBy]) => grantedBy === flag)
        .map(([capability]) => capability);
      expect(granted).toEqual(expected);
    }
  });

  it('keeps the not-public documents with the uploaders (can_upload_files), as before', () => {
    const uploader = { isCoach: false, flags: ['can_upload_files'] as const };
    expect(hasCapability(uploader, 'upload_files')).toBe(true);
    expect(hasCapability(uploader, 'view_private_documents')).toBe(true);
    expect(hasCapability(uploader, 'moderate_documents')).toBe(false);
  });
});

describe('holdsFlag (my-permissions)', () => {
  it('is every flag for a coach or admin, and the flags held for anyone else', () => {
    for (const flag of MODERATOR_FLAGS) {
      expect(holdsFlag({ isCoach: true, flags: [] }, flag)).toBe(true);
      expect(holdsFlag({ isCoach: false, flags: [flag] }, flag)).toBe(true);
      expect(holdsFlag({ isCoach: false, flags: [] }, flag)).toBe(false);
    }
    expect(holdsFlag({ isCoach: false, flags: ['can_view_finances'] }, 'can_assign_snacks')).toBe(false);
  });
});

describe('what an account may do by its role (accountCan)', () => {
  it('gives coaches and admins what runs teams, admins every team, parents and players joining', () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [
        role,
        (Object.keys(ACCOUNT_CAPABILITY_ROLES) as AccountCapability[]).filter((c) => accountCan({ role }, c)),
      ]),
    );
    const runs = ['create_teams', 'coach_teams', 'administer_teams', 'receive_join_requests'];
    expect(table).toEqual({
      coach: runs,
      admin: [...runs, 'view_all_teams'],
      parent: ['request_to_join'],
      player: ['request_to_join'],
    });
  });

  it("decides anyone's standing on a team as the caller's: an admin anywhere, a member as coach", () => {
    const standing = (accountRole: Role, memberRole: Role | null) =>
      holderOnTeam({ accountRole, memberRole, flags: [] }).isCoach;
    expect(standing('admin', null)).toBe(true);
    expect(standing('coach', 'coach')).toBe(true);
    // A coach's account that is a parent on this team (docs/decisions/007) does not run it.
    expect(standing('coach', 'parent')).toBe(false);
    expect(standing('parent', 'parent')).toBe(false);
    expect(standing('player', 'player')).toBe(false);
    expect(
      holderOnTeam({ accountRole: 'parent', memberRole: 'parent', flags: ['can_send_messages'] }),
    ).toEqual({
      isCoach: false,
      flags: ['can_send_messages'],
    });
  });
});
