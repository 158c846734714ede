import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The production server (`server/start.ts`, as `npm start` runs it) in a process of its own, so the
 * load generator and the browser do not share its event loop: SQLite in a temporary data folder,
 * NODE_ENV=production with a throwaway encryption key, request logging as in production (to a file),
 * a rate limit high enough for a load test, and the reference route for a submission
 * (`POST /api/bench/noop`).
 */
export interface AppServer {
  readonly baseUrl: string;
  readonly logPath: string;
  stop(): Promise<void>;
}

const readyTimeoutMs = 120_000;

function logTail(path: string): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

async function isUp(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startAppServer({ root, port, dataDir }: { root: string; port: number; dataDir: string }): Promise<AppServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  if (await isUp(`${baseUrl}/api/health`)) throw new Error(`Port ${port} is already in use: the bench starts its own server there.`);
  const logPath = join(dataDir, 'server.log');
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/start.ts')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '100000000',
      BENCH_NOOP_POST: '1',
    },
  });
  closeSync(log);

  const deadline = Date.now() + readyTimeoutMs;
  while (!(await isUp(`${baseUrl}/api/health`))) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode}):\n${logTail(logPath)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${readyTimeoutMs / 1000} s:\n${logTail(logPath)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    logPath,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited(child).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
  };
}
