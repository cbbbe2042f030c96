import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from './config';

/**
 * Production refusals that need more than the environment: the data folder and the database. Each is
 * a small named check returning its problems; refuseUnsafeStart runs them all and names every problem
 * at once, as loadConfig does for the settings.
 */

/** The data folder holds the local mail outbox and the devnet file: a process that cannot write there fails later, silently. */
export async function dataDirNotWritable(config: Pick<Config, 'dataDir'>): Promise<string[]> {
  const probe = path.join(config.dataDir, `.write-check-${crypto.randomBytes(4).toString('hex')}`);
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(probe, '');
    await fs.rm(probe);
    return [];
  } catch (err) {
    return [`DATA_DIR: ${config.dataDir} is not writable by this process (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give it to the user the service runs as`];
  }
}

/** Without ADMIN_PASSWORD the first admin is never created: a service with no admin cannot be run. */
export async function noAdminAtAll(config: Pick<Config, 'admin'>, deps: { hasAdmin(): Promise<boolean> }): Promise<string[]> {
  if (config.admin.password || (await deps.hasAdmin())) return [];
  return ['ADMIN_PASSWORD: there is no admin in the database and none to create; set ADMIN_EMAIL and ADMIN_PASSWORD for the first start'];
}

export async function refuseUnsafeStart(config: Config, deps: { hasAdmin(): Promise<boolean> }): Promise<void> {
  const problems = [...(await dataDirNotWritable(config)), ...(await noAdminAtAll(config, deps))];
  if (problems.length) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}
