import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../harness/app-process.js';
import { killAndWait } from './kill-child.js';

const DATABASE = 'crawlgate';

/**
 * A new server's datadir. One bootstrap at a time on the machine (flock): the fault files run side by side, and two
 * concurrent bootstraps failed once in CI; the tool's own output goes into the error.
 */
function installDatadir(dir: string): void {
  const args = ['--no-defaults', `--datadir=${dir}`, '--user=mysql', '--auth-root-authentication-method=socket', '--skip-test-db'];
  try {
    execFileSync('flock', [join(tmpdir(), 'crawlgate-faults-install-db.lock'), 'mariadb-install-db', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`mariadb-install-db failed in ${dir}:\n${String(stderr ?? '')}${String(stdout ?? '')}`, { cause: error });
  }
}

/** A MariaDB server of the fault suite's own: its datadir, port, socket and pid file, started and stopped by the test. */
export class OwnMariadb {
  private child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(): Promise<OwnMariadb> {
    const dir = mkdtempSync(join(tmpdir(), 'crawlgate-faults-db-'));
    chownSync(dir, ...mysqlIds());
    installDatadir(dir);
    const server = new OwnMariadb(await freePort(), dir);
    await server.up();
    server.sql(
      `CREATE DATABASE ${DATABASE}; CREATE USER 'crawlgate'@'127.0.0.1' IDENTIFIED BY 'crawlgate'; CREATE USER 'crawlgate'@'localhost' IDENTIFIED BY 'crawlgate';` +
        ` GRANT ALL ON ${DATABASE}.* TO 'crawlgate'@'127.0.0.1'; GRANT ALL ON ${DATABASE}.* TO 'crawlgate'@'localhost';`,
    );
    return server;
  }

  get url(): string {
    return `mysql://crawlgate:crawlgate@127.0.0.1:${this.port}/${DATABASE}`;
  }

  get socket(): string {
    return join(this.dir, 'mysqld.sock');
  }

  /** Rows of a query as tab-separated text, through the socket as root. */
  sql(statement: string): string {
    return execFileSync('mariadb', ['--no-defaults', '-S', this.socket, '-uroot', '-N', '-B', '-e', statement], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  async up(): Promise<void> {
    this.child = spawn('mariadbd', [
      '--no-defaults', `--datadir=${this.dir}`, `--port=${this.port}`, '--bind-address=127.0.0.1', `--socket=${this.socket}`,
      `--pid-file=${join(this.dir, 'mysqld.pid')}`, '--user=mysql', '--skip-log-bin', '--innodb-buffer-pool-size=32M',
      `--log-error=${join(this.dir, 'error.log')}`,
    ], { stdio: 'ignore' });
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((done) => setTimeout(done, 100))) {
      if (this.child.exitCode !== null) throw new Error(`mariadbd exited with ${this.child.exitCode}; see ${this.dir}/error.log`);
      if (existsSync(this.socket)) {
        try {
          this.sql('SELECT 1');
          return;
        } catch {
          // still starting
        }
      }
    }
    throw new Error(`mariadbd on ${this.port} did not start`);
  }

  /** SIGKILL: the server vanishes mid-transaction, the hardest way a database restarts. */
  async down(): Promise<void> {
    const child = this.child;
    this.child = null;
    await killAndWait(child);
  }

  async remove(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The datadir belongs to the mysql user the server drops to (the suite runs as root, like scripts/test.sh). */
function mysqlIds(): [number, number] {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'mysql'], { encoding: 'utf8' }).trim());
  return [id('-u'), id('-g')];
}
