import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-roles';
import { ZDateTime } from './common';
import { ADMIN_MESSAGES } from './admin-messages';
import { ZAdminEmail, ZAdminPassword } from './admin-requests';

/** The admin team (Settings → Team): staff accounts with their roles, and invitations not yet taken. */
export const ZAdminRole = z.enum(ADMIN_ROLES, { error: 'Choose a role' });

export const ZTeam = z.object({
  success: z.literal(true),
  members: z.array(z.object({ id: z.number().int(), email: z.string(), role: ZAdminRole, totpEnabled: z.boolean(), createdAt: ZDateTime })),
  invitations: z.array(z.object({ id: z.number().int(), email: z.string(), role: ZAdminRole, expiresAt: ZDateTime })),
});
export type TTeam = z.infer<typeof ZTeam>;

/** POST /api/admin/team/invitations: who, in which role. */
export const ZInvitationRequest = z.object({ email: ZAdminEmail(ADMIN_MESSAGES.signInEmailRequired), role: ZAdminRole });

/** The invitation's link (also e-mailed to the invitee), for the owner to pass on if the e-mail does not arrive. */
export const ZInvitationSent = z.object({ success: z.literal(true), message: z.string(), link: z.string() });

/** POST /api/admin/team/invitations/accept (no session): the token from the link and the new account's password. */
export const ZInvitationAccept = z.object({ token: z.string().trim().min(1).max(200), password: ZAdminPassword });

/** PUT /api/admin/team/:id: another role. */
export const ZRoleChange = z.object({ role: ZAdminRole });
