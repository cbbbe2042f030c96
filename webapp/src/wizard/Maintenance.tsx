import type { TPricingSettings } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { Notice } from './Notice';

/**
 * Orders paused (maintenance mode, GET /api/pricing): said at the start of every flow, in the server's
 * own words when it gives them (the message order creation answers with), before anyone works for a
 * refusal. Nothing while orders are taken.
 */
export function Maintenance({ pricing }: { pricing: TPricingSettings | undefined }) {
  const { web } = useI18n();
  if (!pricing?.maintenanceMode) return null;
  return (
    <div data-testid="maintenance">
      <Notice kind="error">{pricing.maintenanceMessage ?? web.order.maintenance}</Notice>
    </div>
  );
}
