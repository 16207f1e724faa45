import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  /** The address the server printed (`running at …`). */
  address: string;
  /** Everything the process printed so far, both streams. */
  output(): string;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The server as its own process (`node <args>` in the repository's root), once it printed the
 * address it listens at; it fails with what the process printed if it exits first.
 */
export async function spawnServer(args: string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    address,
    output: () => output,
    stop: () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}
