import type { Router } from 'express';
import { ZAdminDone, ZIdParam, ZInvitationAccept, ZInvitationRequest, ZInvitationSent, ZRoleChange, ZTeam } from '@topup/shared';
import { parse } from '../../http/errors';
import type { TeamService } from '../../services/team';

/** Accepting an invitation: the invitee has no session yet (mounted before requireAdmin). */
export function invitationRoutes(router: Router, team: TeamService): void {
  router.post('/team/invitations/accept', async (req, res) => {
    const email = await team.accept(parse(ZInvitationAccept, req.body));
    res.json(ZAdminDone.encode({ success: true, message: `Welcome to the team. Sign in as ${email}.` }));
  });
}

/** The team (owners: the `settings` power, checked by requirePower on the whole admin router). */
export function teamRoutes(router: Router, team: TeamService): void {
  router.get('/team', async (_req, res) => {
    res.json(ZTeam.encode(await team.list()));
  });

  router.post('/team/invitations', async (req, res) => {
    const input = parse(ZInvitationRequest, req.body);
    const link = await team.invite(req.admin!.id, input);
    res.json(ZInvitationSent.encode({ success: true, message: `Invitation sent to ${input.email}.`, link }));
  });

  router.put('/team/:id', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    await team.setRole(req.admin!.id, id, parse(ZRoleChange, req.body).role);
    res.json(ZAdminDone.encode({ success: true, message: 'Role changed.' }));
  });

  router.delete('/team/:id', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    await team.remove(req.admin!.id, id);
    res.json(ZAdminDone.encode({ success: true, message: 'Removed from the team.' }));
  });
}
