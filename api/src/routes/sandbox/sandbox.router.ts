import { Router } from 'express';
import { ZOperatorParam } from '@topup/shared';
import { parse } from '../../http/errors';
import { AppError } from '../../services/errors';
import { operatorLogoSvg } from '../../airtime/sandbox';

/** Operator logos of the sandbox provider (mounted only when the sandbox is the provider). */
export function sandboxRouter(): Router {
  const router = Router();
  router.get('/logos/:operatorId.svg', (req, res) => {
    const { operatorId } = parse(ZOperatorParam, req.params);
    const svg = operatorLogoSvg(operatorId);
    if (!svg) throw new AppError('NOT_FOUND', `No sandbox logo for operator ${operatorId}`);
    res.type('image/svg+xml').set('cache-control', 'public, max-age=86400').send(svg);
  });
  return router;
}
