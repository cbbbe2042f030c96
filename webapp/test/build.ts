import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt as ensurePackageBuilt } from '../../scripts/web-build';

/** webapp/ */
export const WEBAPP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(WEBAPP_DIR, 'dist');

/** Builds the web app unless dist/ already holds a build of exactly these sources. */
export const ensureBuilt = (): boolean => ensurePackageBuilt('webapp');
