import type { RequestHandler } from 'express';
import { OWNER_TOTP_REQUIRED, roleMay, roleRefusal, type TAdminPower } from '@topup/shared';
import { errorBody } from './errors';

/** The admin's own sign-in: every role manages its own (and an owner turns on two-factor sign-in here). */
const OWN_ACCOUNT = /^\/(logout|totp\/(setup|enable|disable)|change-password|change-email|change-signin-email)$/;

/**
 * The power a request to the admin API needs (shared/src/admin-roles.ts), from its method and path
 * under /api/admin: reading needs none, nor does one's own account; the rest by the section it changes.
 */
export function powerFor(method: string, path: string): TAdminPower | null {
  if (method === 'GET' || method === 'HEAD' || OWN_ACCOUNT.test(path)) return null;
  if (path.startsWith('/support/')) return 'support';
  if (/^\/(sweeps|payouts)(\/|$)/.test(path)) return 'money';
  if (/^\/(settings|team)(\/|$)/.test(path)) return 'settings';
  return 'orders';
}

/**
 * After requireAdmin: refuses (403) a request the admin's role has no power for. In production an
 * owner also needs two-factor sign-in on before using any power.
 */
export function requirePower(opts: { production: boolean; power?: TAdminPower }): RequestHandler {
  return (req, res, next) => {
    const admin = req.admin!;
    const power = opts.power ?? powerFor(req.method, req.path);
    if (power && !roleMay(admin.role, power)) {
      res.status(403).json(errorBody('FORBIDDEN', roleRefusal(admin.role)));
      return;
    }
    if (power && opts.production && admin.role === 'owner' && !admin.totp) {
      res.status(403).json(errorBody('FORBIDDEN', OWNER_TOTP_REQUIRED));
      return;
    }
    next();
  };
}
