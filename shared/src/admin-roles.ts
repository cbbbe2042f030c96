/**
 * The admin team's roles and what each may do. Every role reads every admin page and manages its own
 * sign-in (password, e-mail, two-factor); beyond that a role has powers. The API checks each request's
 * power (api/src/http/admin-powers.ts) and answers a refusal that names the role; the console shows the
 * system settings and the team to owners only.
 */
export const ADMIN_ROLES = ['owner', 'operator', 'support', 'viewer'] as const;
export type TAdminRole = (typeof ADMIN_ROLES)[number];

/** support: answer the support inbox; orders: act on orders, balances and manual top-ups; money: sweeps and payouts; settings: system settings and the team. */
export const ADMIN_POWERS = ['support', 'orders', 'money', 'settings'] as const;
export type TAdminPower = (typeof ADMIN_POWERS)[number];

export const ROLE_POWERS: Record<TAdminRole, readonly TAdminPower[]> = {
  owner: ['support', 'orders', 'money', 'settings'],
  operator: ['support', 'orders', 'money'],
  support: ['support'],
  viewer: [],
};

export const ROLE_LABELS: Record<TAdminRole, string> = {
  owner: 'Owner',
  operator: 'Operator',
  support: 'Support',
  viewer: 'Viewer',
};

export function roleMay(role: TAdminRole, power: TAdminPower): boolean {
  return ROLE_POWERS[role].includes(power);
}

/** The API's refusal of a request the role has no power for. */
export function roleRefusal(role: TAdminRole): string {
  return `Your role (${ROLE_LABELS[role]}) cannot do this. Ask an owner.`;
}

/** In production an owner must have two-factor sign-in on before using an owner's powers. */
export const OWNER_TOTP_REQUIRED = 'Owners must turn on two-factor sign-in (Settings) before changing anything.';
