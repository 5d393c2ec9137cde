import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * The data directory (DATA_DIR) holds the PGlite database, the uploads and the generated JWT secret. It is
 * checked once at start, before anything opens it, so that a wrong path stops the server with one line
 * naming the path and the reason instead of a stack trace from whichever part touched it first.
 */

export class DataDirectoryError extends Error {
  override readonly name = 'DataDirectoryError';
}

/**
 * How messages name a directory: `subject` ("DATA_DIR /srv/data (the PGlite database, uploads)") and the
 * variable that chooses it, which the advice names.
 */
export interface DirectoryNaming {
  subject: string;
  variable: string;
}

export const namedByPath = (directory: string, variable = 'DATA_DIR'): DirectoryNaming => ({
  subject: `${variable} ${path.resolve(directory)}`,
  variable,
});

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** The reason of a file-system error in words, with its code for searching. */
export function fileSystemReason(error: unknown): string {
  const code = errorCode(error);
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`;
  if (code === 'EROFS') return 'read-only file system (EROFS)';
  if (code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  if (code === 'EDQUOT') return 'disk quota exceeded (EDQUOT)';
  return error instanceof Error ? error.message : String(error);
}

function statOrUndefined(target: string, naming: DirectoryNaming): Stats | undefined {
  try {
    return statSync(target);
  } catch (error) {
    // ENOTDIR: a component above is a file, which the walk up reaches and names.
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw new DataDirectoryError(
      `${naming.subject} cannot be used: ${target} cannot be read, ${fileSystemReason(error)}; set ${naming.variable} to a directory the server's user can write.`,
    );
  }
}

/**
 * Creates `directory` and its missing parents one level at a time. Node's `mkdirSync(…, { recursive: true })`
 * loops forever, at full CPU, where mkdir answers ENOENT under a parent that exists (any path under /proc):
 * it takes the ENOENT for a missing parent, creates the parent (which exists), and tries again.
 */
export function createDirectory(directory: string, naming: DirectoryNaming = namedByPath(directory)): void {
  const target = path.resolve(directory);
  const missing: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    const stats = statOrUndefined(current, naming);
    if (stats && !stats.isDirectory()) throw notADirectory(current, target, naming);
    if (stats) break;
    missing.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      if (errorCode(error) === 'EEXIST' && statOrUndefined(level, naming)?.isDirectory()) continue;
      throw new DataDirectoryError(
        `${naming.subject} cannot be created: mkdir ${level} failed, ${fileSystemReason(error)}; ` +
          `create it for the server's user or set ${naming.variable} to a writable directory.`,
      );
    }
  }
}

function notADirectory(found: string, target: string, naming: DirectoryNaming): DataDirectoryError {
  if (found === target) {
    return new DataDirectoryError(
      `${naming.subject} is a file, not a directory: move the file away or set ${naming.variable} to a directory.`,
    );
  }
  return new DataDirectoryError(
    `${naming.subject} cannot be created: ${found} is a file, not a directory; set ${naming.variable} to a directory.`,
  );
}

/** Writes and removes a probe file: the only sure test of writability (root, ACLs, read-only mounts). */
function assertWritable(directory: string, naming: DirectoryNaming): void {
  const probe = path.join(directory, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    readdirSync(directory);
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe);
  } catch (error) {
    throw new DataDirectoryError(
      `${naming.subject} is not writable: ${fileSystemReason(error)}; ` +
        `give the server's user write access to it or set ${naming.variable} to a writable directory.`,
    );
  }
}

/**
 * Creates the directory when missing and proves it is a directory this process can write; throws
 * DataDirectoryError.
 */
export function ensureWritableDirectory(directory: string, naming: DirectoryNaming = namedByPath(directory)): void {
  createDirectory(directory, naming);
  assertWritable(path.resolve(directory), naming);
}
